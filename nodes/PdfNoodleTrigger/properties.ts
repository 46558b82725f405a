import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { fileOutputField } from '../shared/files/fileOutput';
import { REMEMBERED_DELIVERIES, START_ONCE } from './deliveries';
import { DOWNLOAD_UNCONFIRMED } from './payloadDownloads';

/** The trigger's parameters that both of its versions have alike (PdfNoodleTrigger.node.ts has the others). */

export const EVENT_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Render Finished', value: 'render', description: 'An asynchronous render has finished (a render result)' },
	{ name: 'Batch Finished', value: 'batch', description: 'A batch has finished (a batch record with every result)' },
];

/** The canvas subtitle: the chosen events' names ("Render Finished"), not their values. */
export function eventNamesSubtitle(options: INodePropertyOptions[]): string {
	const names = Object.fromEntries(options.map((option) => [option.value, option.name]));
	return `={{ $parameter["events"].map((event) => (${JSON.stringify(names)})[event] ?? event).join(", ") }}`;
}

export const EVENTS: INodeProperties = {
	displayName: 'Events',
	name: 'events',
	type: 'multiOptions',
	options: EVENT_OPTIONS,
	default: ['render', 'batch'],
	required: true,
};

export const STATUS_FILTER: INodeProperties = {
	displayName: 'Status',
	name: 'statusFilter',
	type: 'options',
	options: [
		{ name: 'All', value: 'all', description: 'Every finished render and batch' },
		{
			name: 'With a Success',
			value: 'success',
			description: 'Renders with status SUCCESS, and batches with at least one document: SUCCESS or PARTIAL_SUCCESS',
		},
		{
			name: 'With a Failure',
			value: 'failure',
			description: 'Renders with status FAILED, and batches with at least one failed document: FAILED or PARTIAL_SUCCESS',
		},
	],
	default: 'all',
};

export const START_ONCE_PROPERTY: INodeProperties = {
	displayName: 'Start Once per Render or Batch',
	name: START_ONCE,
	type: 'boolean',
	default: true,
	description: `Whether to start the workflow only for the first call about a render or batch. A later call about the same one (a replay, or the same delivery sent again) is answered 200 with duplicate: true and starts nothing. The last ${REMEMBERED_DELIVERIES} are remembered with the workflow, across restarts.`,
};

export const DOWNLOAD_FILE: INodeProperties = {
	displayName: 'Download File',
	name: 'downloadFile',
	type: 'boolean',
	default: false,
	description:
		'Whether to download the finished file into binary data: the render\'s file, or a batch\'s merged file and each document of it. A file that cannot be downloaded (e.g. its URL expired) is left out and named in the item\'s downloadError; the workflow still starts.',
};

/**
 * With Download File, for calls that are not confirmed: version 1's without the confirmation
 * (no API credential, or Confirm With PDF Noodle off), version 2's with the secret token. Two
 * entries, not one with `hide`: n8n judges what a parameter shows against every other's
 * default, version 2's Authentication in a version-1 node too.
 */
export const DOWNLOAD_UNCONFIRMED_PROPERTIES: INodeProperties[] = [
	{ '@version': [1] },
	{ '@version': [2], authentication: ['secretToken'] },
].map((shownFor) => ({
	displayName: 'Download From Unconfirmed Payload URLs',
	name: DOWNLOAD_UNCONFIRMED,
	type: 'boolean',
	default: false,
	displayOptions: { show: { ...shownFor, downloadFile: [true] } },
	description:
		'Whether to download files from the URLs of a call that was not confirmed with pdf noodle. Risky: anyone who knows the trigger\'s URL can then make n8n fetch an address of their choosing. Addresses of n8n\'s own network (loopback, link-local, private) are still refused, unless on the PDF Noodle API credential\'s Base URL, and redirects are not followed. Off, such files are named in downloadError and not fetched.',
}));

/** Where the files go, and how a batch's files come out. */
export const FILE_PROPERTIES: INodeProperties[] = [
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		displayOptions: { show: { downloadFile: [true] } },
	},
	fileOutputField({ events: ['batch'], downloadFile: [true] }, 'the merged PDF (when merged)', {
		description: 'How a batch\'s files come out: each document (and the merged PDF) on an item of its own, or all on one item',
	}),
];
