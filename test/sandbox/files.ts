import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

export interface StoredFile {
	id: string;
	fileName: string;
	mimeType: string;
	/** Undefined for an upload slot whose file has not been PUT yet. */
	bytes: Buffer | undefined;
}

/** What a signed URL grants: reading the file, or uploading it once. */
export type UrlPurpose = 'get' | 'put';

export const DEFAULT_URL_LIFETIME_SECONDS = 3600;

/**
 * The file storage behind signed URLs. A signed URL names a file, what it may be used
 * for and an expiry time, and carries an HMAC of them, so it cannot be stretched or turned
 * into an upload URL; after its expiry it is refused (403), like a pre-signed
 * object-storage URL.
 */
export class FileStore {
	private readonly files = new Map<string, StoredFile>();
	private readonly secret = randomBytes(32);

	constructor(
		private readonly baseUrl: () => string,
		/** Whether get-URLs leave the file name out (`opaqueFileUrls`). */
		private readonly opaqueUrls: () => boolean = () => false,
	) {}

	put(bytes: Buffer | undefined, fileName: string, mimeType: string): StoredFile {
		const file = { id: randomUUID(), fileName, mimeType, bytes };
		this.files.set(file.id, file);
		return file;
	}

	get(id: string): StoredFile | undefined {
		return this.files.get(id);
	}

	/** A URL valid for `lifetimeSeconds` from now, to read the file or (`put`) to upload it. */
	signedUrl(
		file: StoredFile,
		lifetimeSeconds = DEFAULT_URL_LIFETIME_SECONDS,
		now = Date.now(),
		purpose: UrlPurpose = 'get',
	): { url: string; validUntil: Date } {
		const expires = Math.floor(now / 1000) + Math.max(0, Math.floor(lifetimeSeconds));
		const signature = this.sign(purpose, file.id, expires);
		const named = this.opaqueUrls() ? '' : `/${encodeURIComponent(file.fileName)}`;
		const path = purpose === 'get' ? `files/${file.id}${named}` : `uploads/${file.id}`;
		const url = `${this.baseUrl()}/${path}?expires=${expires}&signature=${signature}`;
		return { url, validUntil: new Date(expires * 1000) };
	}

	/** The file a signed URL grants, or why it is refused. */
	verify(
		id: string,
		expires: string | null,
		signature: string | null,
		now = Date.now(),
		purpose: UrlPurpose = 'get',
	): StoredFile | 'expired' | 'forbidden' | 'missing' {
		const file = this.files.get(id);
		if (!file) return 'missing';
		if (!expires || !signature || !/^\d+$/.test(expires)) return 'forbidden';
		const expected = Buffer.from(this.sign(purpose, id, Number(expires)));
		const given = Buffer.from(signature);
		if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'forbidden';
		if (Number(expires) * 1000 <= now) return 'expired';
		return file;
	}

	private sign(purpose: UrlPurpose, id: string, expires: number): string {
		return createHmac('sha256', this.secret).update(`${purpose}:${id}:${expires}`).digest('hex');
	}
}

/**
 * The Content-Disposition of a download, as RFC 6266 has it: `filename` in plain ASCII for
 * old clients, and `filename*` with the exact name, percent-encoded UTF-8, when they differ.
 */
export function contentDisposition(fileName: string): string {
	const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
	if (ascii === fileName) return `inline; filename="${fileName}"`;
	const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
	return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
