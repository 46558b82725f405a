import type { IAdditionalCredentialOptions, ICredentialDataDecryptedObject, IDataObject, IHttpRequestOptions, INode } from 'n8n-workflow';

import type { TransportContext } from './transport';

/** Where the credential is read: a node run's context (n8n's execute functions) or a webhook's. */
export interface CredentialSource {
	getNode(): INode;
	getCredentials(type: string, itemIndex?: number): Promise<IDataObject>;
}

/**
 * The node's credential read once per run of the node (with the first item), instead of twice
 * per item: once for its Base URL and once more inside n8n's `httpRequestWithAuthentication`.
 * In a real n8n each read is a database query and a decryption, a cost of the same order as
 * the rest of an item's request. The request still goes through `httpRequestWithAuthentication`,
 * which takes the data read here and lets the credential type's `authenticate` shape it. Also
 * for a webhook's lookup (`source` a webhook context), tried again after a 429: each try would
 * otherwise read the credential twice.
 */
export function credentialsReadOnce(source: CredentialSource): <Context extends TransportContext>(context: Context) => Context {
	const read = new Map<string, Promise<ICredentialDataDecryptedObject>>();
	const credentialsOf = async (type: string): Promise<ICredentialDataDecryptedObject> => {
		let found = read.get(type);
		if (!found) {
			// The first item's credential: a node's credential cannot differ between items.
			// What n8n's getCredentials gives is credential data; the source's type is only wider.
			found = source.getCredentials(type, 0) as Promise<ICredentialDataDecryptedObject>;
			read.set(type, found);
		}
		// A copy each time: n8n's authentication may add to the data it is given.
		return { ...(await found) };
	};
	return (context) => ({
		...context,
		getCredentials: async (type: string) => await credentialsOf(type),
		helpers: {
			...context.helpers,
			httpRequestWithAuthentication: async (type: string, options: IHttpRequestOptions, extra?: IAdditionalCredentialOptions) => {
				const send = context.helpers.httpRequestWithAuthentication;
				const reference = source.getNode().credentials?.[type];
				if (extra?.credentialsDecrypted || !reference) return await send.call(source, type, options, extra);
				const credentialsDecrypted = { id: reference.id ?? '', name: reference.name, type, data: await credentialsOf(type) };
				return await send.call(source, type, options, { ...extra, credentialsDecrypted });
			},
		},
	});
}

/**
 * The same for one context that is an object of n8n's own classes (a webhook's), whose methods
 * live on its class, where a copy of its fields (as above) would lose them: a view that takes
 * `getCredentials` and `helpers` from the credential read once, and all else from the context,
 * its methods bound to it.
 */
export function withCredentialsReadOnce<Context extends TransportContext>(context: Context): Context {
	const readOnce = credentialsReadOnce(context)({ getCredentials: async (type: string) => await context.getCredentials(type), helpers: context.helpers } as TransportContext);
	return new Proxy(context, {
		get: (target, key) => {
			if (key === 'getCredentials' || key === 'helpers') return readOnce[key];
			const value: unknown = Reflect.get(target, key, target);
			return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
		},
	});
}
