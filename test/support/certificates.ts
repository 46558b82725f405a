/** Throw-away self-signed certificates for HTTPS servers of the tests (made by openssl). */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Certificate {
	key: string;
	cert: string;
}

/** A key and a certificate valid for a day for these names (DNS names or IP addresses). */
export function selfSignedCertificate(names: string[]): Certificate {
	const folder = mkdtempSync(join(tmpdir(), 'certificate-'));
	const subjectAltName = names.map((name) => (/^[\d.]+$/.test(name) ? `IP:${name}` : `DNS:${name}`)).join(',');
	try {
		execFileSync('openssl', [
			'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${names[0]}`,
			'-addext', `subjectAltName=${subjectAltName}`,
			'-keyout', join(folder, 'key.pem'), '-out', join(folder, 'cert.pem'),
		], { stdio: 'ignore' });
		return { key: readFileSync(join(folder, 'key.pem'), 'utf8'), cert: readFileSync(join(folder, 'cert.pem'), 'utf8') };
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}
