/** PDFs made for tests, and a tiny file server that makes them reachable by URL. */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PNG } from 'pngjs';

/** A PDF of `pages` pages, each saying "<label> page <n>". */
export async function textPdf(label: string, pages: number, properties: { title?: string; creator?: string } = {}): Promise<Buffer> {
	const document = await PDFDocument.create();
	const font = await document.embedFont(StandardFonts.Helvetica);
	for (let number = 1; number <= pages; number++) {
		const page = document.addPage([595, 842]);
		page.drawText(`${label} page ${number}`, { x: 72, y: 760, size: 24, font });
	}
	if (properties.title) document.setTitle(properties.title);
	if (properties.creator) document.setCreator(properties.creator);
	return Buffer.from(await document.save());
}

/** A one-page PDF holding a large photo-like image: one a compressor can shrink. */
export async function imagePdf(): Promise<Buffer> {
	const size = 1200;
	const png = new PNG({ width: size, height: size });
	const noise = randomBytes(size * size);
	for (let index = 0; index < size * size; index++) {
		const shade = ((index % size) + Math.floor(index / size)) % 256;
		png.data[index * 4] = (shade + noise[index]) % 256;
		png.data[index * 4 + 1] = shade;
		png.data[index * 4 + 2] = 255 - shade;
		png.data[index * 4 + 3] = 255;
	}
	const document = await PDFDocument.create();
	const image = await document.embedPng(PNG.sync.write(png));
	const page = document.addPage([595, 842]);
	page.drawImage(image, { x: 50, y: 200, width: 495, height: 495 });
	return Buffer.from(await document.save());
}

export interface FileServer {
	url(path: string): string;
	close(): Promise<void>;
}

/** Serves the given files (path → bytes) on a free loopback port, as a public file host would. */
export async function serveFiles(files: Record<string, Buffer>): Promise<FileServer> {
	const server: Server = createServer((request, response) => {
		const file = files[request.url ?? ''];
		if (!file) {
			response.writeHead(404).end('not found');
			return;
		}
		response.writeHead(200, { 'Content-Type': request.url?.endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream', 'Content-Length': file.length });
		response.end(file);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: (path) => `http://127.0.0.1:${port}${path}`,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
