import type { IDataObject, IN8nHttpFullResponse, NodeExecutionHint } from 'n8n-workflow';

import { templateVariablesPath } from '../../shared/api/endpoints';
import { asNodeError, throwOnErrorStatus } from '../../shared/errors/errors';
import { invalidParameter } from '../../shared/errors/validation';
import { apiRequestWithinRateLimit } from '../../shared/transport/rateLimit';
import { throwOnMissingTemplate } from '../fields/templateLocator';
import type { ItemContext } from '../runner/itemContext';
import type { RunBase, RunContext } from '../runner/runContext';
import { compareWithVariables, type DataMismatch, hasMismatch, isObject, MISMATCH_KINDS, variablePaths } from './compare';
import { DATA_CHECK, DATA_CHECK_NAME, type DataCheckSetting, dataCheckSettingOf } from './field';

/** The data of one document, where it came from, and what Map Automatically left out. */
export interface DataToCheck {
	templateId: string;
	data: IDataObject;
	/** The parameter a refusal names ("Data (JSON)", "Variables", "Entries (JSON)"). */
	parameter: string;
	/** Which part of the parameter, when it holds several documents ("entry 2"). */
	where?: string;
	/** The input item's fields "Map Automatically" did not send. */
	ignored?: string[];
}

/** What the run has to tell in its execution hints: one finding per document. */
type Finding = { templateId: string } & ({ mismatch: DataMismatch } | { notChecked: string });

const SHARED_KEY = 'templateDataChecks';
/** At most so many paths in one hint line; the items' `dataCheck` have them all. */
const PATHS_IN_A_HINT = 8;

const HINT_LINES: Record<keyof DataMismatch, (documents: string) => string> = {
	missing: (documents) => `The data of ${documents} lacks template variables, which render blank`,
	unknown: (documents) => `The data of ${documents} has keys the template does not use, which are not rendered`,
	listExpected: (documents) => `The data of ${documents} gives a single value where the template has a list`,
	valueExpected: (documents) => `The data of ${documents} gives a list where the template has a single value`,
};

const REFUSAL_PARTS: Record<keyof DataMismatch, (paths: string) => string> = {
	missing: (paths) => `it lacks ${paths}`,
	unknown: (paths) => `the template has no ${paths}`,
	listExpected: (paths) => `${paths} must be a list`,
	valueExpected: (paths) => `${paths} must be a single value, not a list`,
};

const documentsWord = (count: number) => (count === 1 ? '1 document' : `${count} documents`);

/**
 * The data checks of one node run: each template's variables looked up once (whatever the
 * number of items or entries that use it), each document's data compared with them and
 * judged as "Check Data Against Template" says, and the run's findings for n8n's execution
 * hints.
 */
export class TemplateDataChecks {
	private readonly answers = new Map<string, Promise<IN8nHttpFullResponse>>();
	private readonly findings: Finding[] = [];

	/** The template's variables; its errors (a missing template, a failed lookup) as the item's. */
	async variablesOf(context: ItemContext, templateId: string): Promise<IDataObject> {
		let answer = this.answers.get(templateId);
		if (!answer) {
			answer = apiRequestWithinRateLimit(context, { method: 'GET', url: templateVariablesPath(templateId) });
			this.answers.set(templateId, answer);
		}
		const response = await answer;
		throwOnMissingTemplate(context, response, templateId);
		return throwOnErrorStatus(context, response);
	}

	/**
	 * Checks a document's data: with Warn, what did not match is returned for the item's
	 * `dataCheck` (nothing when all fits); with Refuse a mismatch is the item's error, before
	 * anything is sent; with Off nothing is looked up. A template whose variables pdf noodle
	 * lists as none is not judged: there is nothing to compare with. A failed lookup is the
	 * item's error, except a 404 or 5xx under Warn: then the render goes, unchecked.
	 */
	async check(context: ItemContext, document: DataToCheck, setting: DataCheckSetting = dataCheckSettingOf(context)): Promise<IDataObject | undefined> {
		const { templateId, data, ignored } = document;
		const left = ignored && ignored.length > 0 ? { ignored } : {};
		if (setting === 'off') return ignored && ignored.length > 0 ? { templateId, ...left } : undefined;
		let variables: IDataObject;
		try {
			variables = await this.variablesOf(context, templateId);
		} catch (error) {
			// Warn renders unchecked when pdf noodle could not give the variables of this template:
			// a 404 (also while a template made with AI is being finished, when it renders already)
			// or its own failure (5xx). A wrong key or no connection would fail the render too.
			if (setting === 'refuse' || !renderMayStillGo(error)) throw asNodeError(context, error);
			return this.notChecked(templateId, `pdf noodle did not list the template's variables: ${(error as Error).message}`, left);
		}
		if (!isObject(variables) || Object.keys(variables).length === 0) {
			if (Object.keys(data).length === 0) return ignored && ignored.length > 0 ? { templateId, ...left } : undefined;
			return this.notChecked(templateId, 'pdf noodle lists no variables for this template, so there is nothing to compare the data with', left);
		}
		const mismatch = compareWithVariables(variables, data);
		if (!hasMismatch(mismatch)) return ignored && ignored.length > 0 ? { templateId, ...mismatch, ...left } : undefined;
		if (setting === 'refuse') throw this.refusal(context, document, mismatch, variables);
		this.findings.push({ templateId, mismatch });
		return { templateId, ...mismatch, ...left };
	}

	private notChecked(templateId: string, reason: string, left: IDataObject): IDataObject {
		this.findings.push({ templateId, notChecked: reason });
		return { templateId, notChecked: reason, ...left };
	}

	private refusal(context: ItemContext, document: DataToCheck, mismatch: DataMismatch, variables: IDataObject) {
		const parts = MISMATCH_KINDS.filter((kind) => mismatch[kind].length > 0).map((kind) => REFUSAL_PARTS[kind](mismatch[kind].join(', ')));
		const where = document.where ? `${document.where} ` : '';
		return invalidParameter(
			context,
			document.parameter,
			`${where}does not fit template "${document.templateId}": ${parts.join('; ')}. The template's variables: ${variablePaths(variables).join(', ')}`,
			`Give the data every variable of the template by these names (an empty text for one to leave blank; Template → Get Variables shows their structure), or set "${DATA_CHECK_NAME}" to Warn to render anyway.`,
		);
	}

	/** One line per kind of finding, each naming the paths (per template when there are several). */
	hints(): NodeExecutionHint[] {
		const hints: NodeExecutionHint[] = [];
		for (const kind of MISMATCH_KINDS) {
			const found = this.findings.filter((finding) => 'mismatch' in finding && finding.mismatch[kind].length > 0) as Array<{ templateId: string; mismatch: DataMismatch }>;
			if (found.length === 0) continue;
			const paths = pathsByTemplate(found.map(({ templateId, mismatch }) => ({ templateId, paths: mismatch[kind] })));
			hints.push(warning(`${HINT_LINES[kind](documentsWord(found.length))}: ${paths}. Each item's "${DATA_CHECK}" names them.`));
		}
		const notChecked = this.findings.filter((finding): finding is { templateId: string; notChecked: string } => 'notChecked' in finding);
		if (notChecked.length > 0) {
			const reasons = [...new Set(notChecked.map(({ templateId, notChecked: reason }) => `template "${templateId}": ${reason}`))];
			hints.push(warning(`The data of ${documentsWord(notChecked.length)} was not checked (${reasons.join('; ')})`));
		}
		return hints;
	}
}

/** Whether a failed variables lookup leaves the render worth sending: a 404 or a 5xx of the endpoint. */
function renderMayStillGo(error: unknown): boolean {
	const httpCode = String((error as { httpCode?: unknown }).httpCode ?? '');
	return httpCode === '404' || httpCode.startsWith('5');
}

function warning(message: string): NodeExecutionHint {
	return { message: `${DATA_CHECK_NAME}: ${message}`, type: 'warning', location: 'outputPane' };
}

/** "customer.name, total", or "invoice: customer.name; letter: closing" for several templates. */
function pathsByTemplate(found: Array<{ templateId: string; paths: string[] }>): string {
	const byTemplate = new Map<string, Set<string>>();
	for (const { templateId, paths } of found) {
		const set = byTemplate.get(templateId) ?? new Set<string>();
		for (const path of paths) set.add(path);
		byTemplate.set(templateId, set);
	}
	const listed = (paths: Set<string>) => {
		const all = [...paths];
		return all.length > PATHS_IN_A_HINT ? `${all.slice(0, PATHS_IN_A_HINT).join(', ')} and ${all.length - PATHS_IN_A_HINT} more` : all.join(', ');
	};
	if (byTemplate.size === 1) return listed([...byTemplate.values()][0]);
	return [...byTemplate.entries()].map(([templateId, paths]) => `${templateId}: ${listed(paths)}`).join('; ');
}

/** The data checks of the item's node run (made by its first item). */
export function templateDataChecksOf(context: ItemContext): TemplateDataChecks {
	return context.sharedInRun(SHARED_KEY, () => new TemplateDataChecks());
}

/**
 * Shows the run's findings above the node's output in the editor (n8n's execution hints),
 * where n8n offers them (`addExecutionHints`; n8n 1.x's older releases may lack it).
 */
export function addDataCheckHints(run: RunContext<RunBase & { addExecutionHints?: (...hints: NodeExecutionHint[]) => void }>): void {
	const hints = run.sharedIfAny<TemplateDataChecks>(SHARED_KEY)?.hints() ?? [];
	if (hints.length > 0 && typeof run.n8n.addExecutionHints === 'function') run.n8n.addExecutionHints(...hints);
}
