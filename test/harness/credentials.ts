import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeProperties,
	IRequestOptionsSimplified,
} from 'n8n-workflow';
import { ICredentialsHelper } from 'n8n-workflow';

/**
 * n8n's credentials helper, as its CLI has it for credentials whose `authenticate` is a
 * function: the decrypted data is handed to the credential type's own `authenticate`,
 * which shapes the request. The data comes from the test instead of n8n's database.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(
		private readonly types: Record<string, ICredentialType>,
		private readonly data: Record<string, ICredentialDataDecryptedObject>,
	) {
		super();
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
	): Promise<IHttpRequestOptions> {
		const type = this.types[typeName];
		if (!type) throw new Error(`The test knows no credential type "${typeName}"`);
		if (typeof type.authenticate !== 'function') {
			throw new Error(`Credential type "${typeName}" has no authenticate function`);
		}
		return await type.authenticate(credentials, requestOptions as IHttpRequestOptions);
	}

	/** How often each credential type was read (n8n reads from its database and decrypts each time). */
	readonly reads: Record<string, number> = {};

	async getDecrypted(
		_additionalData: unknown,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		this.reads[type] = (this.reads[type] ?? 0) + 1;
		const data = this.data[type];
		if (!data) throw new Error(`The test gave no data for credential type "${type}"`);
		return { ...data };
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async preAuthentication(
		_helpers: IHttpRequestHelper,
		_credentials: ICredentialDataDecryptedObject,
		_typeName: string,
		_node: INode,
	): Promise<undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<undefined> {
		return undefined;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('getCredentials is not used by these tests');
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.types[type]?.properties ?? [];
	}
}
