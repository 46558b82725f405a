import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';
import { DirectoryLoader } from 'n8n-core';
import { NodeConnectionTypes, NodeHelpers } from 'n8n-workflow';

// The tests run what ships: the compiled files of dist/ (`npm run build` first).
import { PdfNoodle } from '../../dist/nodes/PdfNoodle/PdfNoodle.node.js';
import { PdfNoodleTrigger } from '../../dist/nodes/PdfNoodleTrigger/PdfNoodleTrigger.node.js';

export const PACKAGE_NAME = 'n8n-nodes-pdf-noodle';
export const INPUT_NODE_TYPE = 'test.input';

/** Starts a test workflow: passes on the items the test puts on its input. */
class InputNode implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Input',
		name: 'input',
		group: ['input'],
		version: 1,
		description: 'Items of the test',
		defaults: { name: 'Input' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}
}

/**
 * The node types a test workflow may use: ours, under the package's prefix, the input, and
 * any `extra` ones (the benchmarks' reference node).
 */
export class TestNodeTypes implements INodeTypes {
	private readonly types: Record<string, INodeType | IVersionedNodeType>;

	constructor(extra: Record<string, INodeType> = {}) {
		const pdfNoodle = new PdfNoodle();
		// As n8n does when it loads the package: the node gets n8n's "Request Options".
		DirectoryLoader.applyDeclarativeNodeOptionParameters(pdfNoodle);
		this.types = {
			[`${PACKAGE_NAME}.pdfNoodle`]: pdfNoodle,
			[`${PACKAGE_NAME}.pdfNoodleTrigger`]: new PdfNoodleTrigger(),
			[INPUT_NODE_TYPE]: new InputNode(),
			...extra,
		};
	}

	getByName(nodeType: string): INodeType | IVersionedNodeType {
		const type = this.types[nodeType];
		if (!type) throw new Error(`Unknown node type "${nodeType}"`);
		return type;
	}

	getByNameAndVersion(nodeType: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(nodeType), version);
	}

	getKnownTypes(): IDataObject {
		return {};
	}
}
