import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

export interface StoredFile {
	id: string;
	fileName: string;
	mimeType: string;
	bytes: Buffer;
}

export const DEFAULT_URL_LIFETIME_SECONDS = 3600;

/**
 * The file storage behind signed URLs. A signed URL names a file and an expiry time and
 * carries an HMAC of both, so it cannot be stretched; after its expiry it is refused
 * (403), like a pre-signed object-storage URL.
 */
export class FileStore {
	private readonly files = new Map<string, StoredFile>();
	private readonly secret = randomBytes(32);

	constructor(private readonly baseUrl: () => string) {}

	put(bytes: Buffer, fileName: string, mimeType: string): StoredFile {
		const file = { id: randomUUID(), fileName, mimeType, bytes };
		this.files.set(file.id, file);
		return file;
	}

	get(id: string): StoredFile | undefined {
		return this.files.get(id);
	}

	/** A URL valid for `lifetimeSeconds` from now. */
	signedUrl(file: StoredFile, lifetimeSeconds = DEFAULT_URL_LIFETIME_SECONDS, now = Date.now()): { url: string; validUntil: Date } {
		const expires = Math.floor(now / 1000) + Math.max(0, Math.floor(lifetimeSeconds));
		const signature = this.sign(file.id, expires);
		const url = `${this.baseUrl()}/files/${file.id}/${encodeURIComponent(file.fileName)}?expires=${expires}&signature=${signature}`;
		return { url, validUntil: new Date(expires * 1000) };
	}

	/** The file a signed URL grants, or why it is refused. */
	verify(id: string, expires: string | null, signature: string | null, now = Date.now()): StoredFile | 'expired' | 'forbidden' | 'missing' {
		const file = this.files.get(id);
		if (!file) return 'missing';
		if (!expires || !signature || !/^\d+$/.test(expires)) return 'forbidden';
		const expected = Buffer.from(this.sign(id, Number(expires)));
		const given = Buffer.from(signature);
		if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'forbidden';
		if (Number(expires) * 1000 <= now) return 'expired';
		return file;
	}

	private sign(id: string, expires: number): string {
		return createHmac('sha256', this.secret).update(`${id}:${expires}`).digest('hex');
	}
}
