import type { IAdditionalCredentialOptions, ICredentialDataDecryptedObject, IHttpRequestOptions, INode } from 'n8n-workflow';

import type { TransportContext } from './transport';

/**
 * The node's credential read once per run of the node (with the first item), instead of twice
 * per item: once for its Base URL and once more inside n8n's `httpRequestWithAuthentication`.
 * In a real n8n each read is a database query and a decryption, a cost of the same order as
 * the rest of an item's request. The request still goes through `httpRequestWithAuthentication`,
 * which takes the data read here and lets the credential type's `authenticate` shape it.
 */
/** What the credential is read from: n8n's context of the node run (or a view of it). */
export interface CredentialSource {
	getNode(): INode;
	getCredentials(type: string, itemIndex?: number): Promise<ICredentialDataDecryptedObject>;
}

export function credentialsReadOnce(source: CredentialSource): <Context extends TransportContext>(context: Context) => Context {
	const read = new Map<string, Promise<ICredentialDataDecryptedObject>>();
	const credentialsOf = async (type: string): Promise<ICredentialDataDecryptedObject> => {
		let found = read.get(type);
		if (!found) {
			found = source.getCredentials(type, 0);
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
