import { randomBytes } from 'node:crypto';

import type { SandboxContext } from '../context';
import { takeFault } from '../faults';
import { renderDocument } from '../render/document';
import { generateTemplate } from './generator';
import { fillTemplate } from './store';
import { extractVariables } from './variables';

export type CreationStatus = 'PENDING' | 'ONGOING' | 'SUCCESS' | 'FAILED';

export interface Creation {
	templateId: string;
	displayName: string;
	startedAt: number;
	finishedAt?: number;
	status: CreationStatus;
	templateHtml: string;
	pdfPreviewUrl?: string;
	metadata: { timeToCreateTemplate?: string; errorMessage?: string };
}

/** Creation status records are kept this long. */
export const CREATION_RECORD_TTL_MS = 24 * 3600 * 1000;
/** Preview URLs last 7 days. */
const PREVIEW_URL_LIFETIME_SECONDS = 7 * 24 * 3600;

/** AI template creation: queued, then designing, then a template or a failure. */
export class CreationQueue {
	private readonly creations = new Map<string, Creation>();

	constructor(private readonly context: SandboxContext) {}

	/**
	 * Starts a creation. One that takes no time (`templateCreationMs` 0) is finished, preview
	 * rendered, before this returns, so the POST's answer already finds it done: a test that
	 * does not wait on a creation is not held for a poll interval (10 s at least) by a preview
	 * still rendering.
	 */
	async start(prompt: string, displayName: string): Promise<Creation> {
		const creation: Creation = {
			templateId: this.newTemplateId(),
			displayName,
			startedAt: this.context.now(),
			status: 'PENDING',
			templateHtml: '',
			metadata: {},
		};
		this.creations.set(creation.templateId, creation);
		const duration = this.context.settings.templateCreationMs;
		if (duration === 0) {
			await this.finish(creation, prompt);
			return creation;
		}
		setTimeout(() => {
			if (creation.status === 'PENDING') creation.status = 'ONGOING';
		}, duration / 4).unref();
		setTimeout(() => void this.finish(creation, prompt), duration).unref();
		return creation;
	}

	get(templateId: string): Creation | undefined {
		return this.creations.get(templateId);
	}

	/** Whether lookups of this template now answer the template itself. */
	isFullyCreated(creation: Creation): boolean {
		return (
			creation.status === 'SUCCESS' &&
			this.context.now() - (creation.finishedAt ?? 0) >= this.context.settings.templateFinalizeMs
		);
	}

	/** Whether the status record has passed its retention. */
	isExpired(creation: Creation): boolean {
		return creation.finishedAt !== undefined && this.context.now() - creation.finishedAt > CREATION_RECORD_TTL_MS;
	}

	/** The creation status record of the spec. */
	record(creation: Creation): Record<string, unknown> {
		const record: Record<string, unknown> = {
			status: creation.status,
			templateId: creation.templateId,
			templateHtml: creation.status === 'SUCCESS' ? creation.templateHtml : '',
			metadata: creation.metadata,
		};
		if (creation.status === 'SUCCESS') record.pdfPreviewUrl = creation.pdfPreviewUrl ?? '';
		return record;
	}

	/** A random 10-character hexadecimal id, unique within the account. */
	private newTemplateId(): string {
		for (;;) {
			const id = randomBytes(5).toString('hex');
			if (!this.creations.has(id) && !this.context.templates.get(id)) return id;
		}
	}

	private async finish(creation: Creation, prompt: string): Promise<void> {
		const generated = generateTemplate(prompt, creation.displayName);
		if ('error' in generated) {
			creation.status = 'FAILED';
			creation.metadata = { errorMessage: generated.error };
			creation.finishedAt = this.context.now();
			return;
		}
		creation.templateHtml = generated.html;
		creation.pdfPreviewUrl = await this.preview(generated.html, creation.displayName);
		this.context.templates.add(
			{ id: creation.templateId, displayName: creation.displayName, html: generated.html },
			new Date(this.context.now()),
		);
		creation.finishedAt = this.context.now();
		creation.metadata = { timeToCreateTemplate: `${((creation.finishedAt - creation.startedAt) / 1000).toFixed(1)} seconds` };
		creation.status = 'SUCCESS';
	}

	/** A preview rendered with the template's placeholders as sample data; '' when it fails. */
	private async preview(html: string, displayName: string): Promise<string> {
		try {
			if (takeFault(this.context.faults, 'PREVIEW', displayName) !== undefined) throw new Error('an injected preview failure');
			const sample = extractVariables(html);
			const file = await renderDocument(this.context.renderer, { html: fillTemplate(html, sample) });
			const stored = this.context.files.put(file.bytes, 'preview.pdf', file.mimeType);
			return this.context.files.signedUrl(stored, PREVIEW_URL_LIFETIME_SECONDS, this.context.now()).url;
		} catch {
			return '';
		}
	}
}
