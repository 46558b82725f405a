import type { IAdditionalCredentialOptions, IHttpRequestOptions } from 'n8n-workflow';

import type { TransportContext } from './transport';

/**
 * At most `limit` requests going at once, shared by the items of a node run. An item's later
 * requests (its status polls, its download) are let through before other items' first
 * requests, so that items started finish before new ones start. An item waiting between its
 * polls holds no slot: only requests do.
 */
export class RequestSlots {
	private active = 0;
	private readonly firstRequests: Array<() => void> = [];
	private readonly laterRequests: Array<() => void> = [];

	constructor(private readonly limit: number) {}

	async run<T>(later: boolean, request: () => Promise<T>): Promise<T> {
		if (this.active < this.limit) this.active++;
		// A slot is handed over by the request that leaves it (`release`): `active` stays.
		else await new Promise<void>((take) => (later ? this.laterRequests : this.firstRequests).push(take));
		try {
			return await request();
		} finally {
			this.release();
		}
	}

	private release(): void {
		const next = this.laterRequests.shift() ?? this.firstRequests.shift();
		if (next) next();
		else this.active--;
	}

	/** The item's context with its requests (API and file transfers) taking slots. */
	bind<Context extends TransportContext>(context: Context): Context {
		let requested = false;
		const inSlot = async <T>(request: () => Promise<T>): Promise<T> => {
			const later = requested;
			requested = true;
			return await this.run(later, request);
		};
		return {
			...context,
			helpers: {
				...context.helpers,
				httpRequest: async (options: IHttpRequestOptions) => await inSlot(async () => await context.helpers.httpRequest(options)),
				httpRequestWithAuthentication: async function (this: unknown, type: string, options: IHttpRequestOptions, extra?: IAdditionalCredentialOptions) {
					return await inSlot(async () => await context.helpers.httpRequestWithAuthentication.call(this, type, options, extra));
				},
			},
		};
	}
}
