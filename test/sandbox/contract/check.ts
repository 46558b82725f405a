import { BODY_FIELDS, type FieldRule, type Fields, PRINT_FLAGS, QUERY_FIELDS } from './endpoints';

/** One way a request differs from the contract, as the contract-violation log keeps it. */
export interface ContractViolation {
	/** `METHOD /path` of the request. */
	request: string;
	/** Where in the body or query: `items[2].hasCover`, `pdfParams`, `?fileName`. */
	field: string;
	/** What is wrong, for a person: the rule and what was sent. */
	problem: string;
}

function typeName(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'a list';
	return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

const isObject = (value: unknown) => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The findings about one field's value; `where` names it. */
function checkValue(where: string, rule: FieldRule, value: unknown, found: (field: string, problem: string) => void): void {
	switch (rule.kind) {
		case 'offByDefault':
			if (value === false) return found(where, 'is sent as false: an option that is off is left out of the body (its default is false)');
			if (value !== true) found(where, `must be a boolean, not ${typeName(value)}`);
			return;
		case 'string':
			if (value === '') return found(where, 'is sent as "": a field that does not apply is left out of the body');
			if (typeof value !== 'string') found(where, `must be a string, not ${typeName(value)}`);
			return;
		case 'number':
			if (typeof value !== 'number') found(where, `must be a number, not ${typeName(value)}`);
			return;
		case 'object':
			if (!isObject(value)) found(where, `must be an object, not ${typeName(value)}`);
			return;
		case 'printOptions':
			if (typeof value === 'string') return found(where, 'is JSON text: the spec says an object (accepted, as pdf noodle takes it from its own n8n node)');
			if (!isObject(value)) return found(where, `must be an object, not ${typeName(value)}`);
			for (const flag of PRINT_FLAGS) {
				const given = (value as Record<string, unknown>)[flag];
				if (given !== undefined) checkValue(`${where}.${flag}`, { kind: 'offByDefault' }, given, found);
			}
			return;
		case 'array':
			if (!Array.isArray(value)) return found(where, `must be a list, not ${typeName(value)}`);
			if (rule.entries) {
				value.forEach((entry, index) => {
					if (!isObject(entry)) return found(`${where}[${index}]`, `must be an object, not ${typeName(entry)}`);
					checkFields(`${where}[${index}].`, rule.entries!, entry as Record<string, unknown>, found);
				});
			}
			return;
	}
}

function checkFields(prefix: string, fields: Fields, body: Record<string, unknown>, found: (field: string, problem: string) => void): void {
	for (const [name, value] of Object.entries(body)) {
		const rule = fields[name];
		if (!rule) found(`${prefix}${name}`, `is not a field of this endpoint (its fields: ${Object.keys(fields).join(', ')})`);
		else checkValue(`${prefix}${name}`, rule, value, found);
	}
	for (const [name, rule] of Object.entries(fields)) {
		if (rule.required && body[name] === undefined) found(`${prefix}${name}`, 'is required and missing');
	}
}

/**
 * What a request to the API does differently from the contract: fields an endpoint does not
 * have, values of the wrong type, options sent as false or "" where they should be left out,
 * required fields missing, a body where none belongs, a query parameter the endpoint does not
 * take. The sandbox may still answer the request (it refuses only what the service refuses).
 */
export function contractViolations(method: string, path: string, query: Record<string, string>, body: unknown): ContractViolation[] {
	const request = `${method} ${path}`;
	const violations: ContractViolation[] = [];
	const found = (field: string, problem: string) => violations.push({ request, field, problem });
	const fields = BODY_FIELDS[request];
	if (fields) {
		if (!isObject(body)) found('(body)', `must be a JSON object, not ${body === undefined ? 'nothing' : typeName(body)}`);
		else checkFields('', fields, body as Record<string, unknown>, found);
	} else if (body !== undefined) {
		found('(body)', `${method} ${path} takes no body`);
	}
	const allowedQuery = QUERY_FIELDS[request] ?? [];
	for (const name of Object.keys(query)) {
		if (!allowedQuery.includes(name)) found(`?${name}`, `is not a query parameter of this endpoint${allowedQuery.length ? ` (its parameters: ${allowedQuery.join(', ')})` : ''}`);
	}
	return violations;
}
