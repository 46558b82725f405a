import Handlebars from 'handlebars';

type Variables = Record<string, unknown>;

/** The placeholder the service puts in a variable's place. */
export function placeholder(name: string): string {
	return `your ${name} here`;
}

interface PathNode {
	type: 'PathExpression';
	parts: string[];
	depth: number;
	data: boolean;
}

type Node = hbs.AST.Node & Record<string, unknown>;

function isPath(node: unknown): node is PathNode {
	return (node as Node | undefined)?.type === 'PathExpression';
}

/** The object at `parts` below `scope`, made where missing (a leaf in the way becomes an object). */
function objectAt(scope: Variables, parts: string[]): Variables {
	let target = scope;
	for (const part of parts) {
		const next = target[part];
		if (next === null || typeof next !== 'object' || Array.isArray(next)) target[part] = {};
		target = target[part] as Variables;
	}
	return target;
}

function addLeaf(scope: Variables, path: PathNode): void {
	if (path.data || path.parts.length === 0) return;
	const parent = objectAt(scope, path.parts.slice(0, -1));
	const name = path.parts[path.parts.length - 1];
	if (parent[name] === undefined) parent[name] = placeholder(name);
}

/** The list at `path`, with the object that stands for one of its entries. */
function listEntry(scope: Variables, path: PathNode): Variables {
	const parent = objectAt(scope, path.parts.slice(0, -1));
	const name = path.parts[path.parts.length - 1];
	if (!Array.isArray(parent[name])) parent[name] = [{}];
	return (parent[name] as Variables[])[0];
}

/** `scopes` runs from the root to the innermost block; `../` in a path climbs it. */
function collect(program: hbs.AST.Program | undefined, scopes: Variables[]): void {
	for (const statement of program?.body ?? []) {
		const node = statement as unknown as Node;
		const own = (path: PathNode) => scopes[Math.max(0, scopes.length - 1 - path.depth)];
		if (node.type === 'MustacheStatement') {
			const params = (node.params as unknown[]) ?? [];
			if (params.length === 0 && isPath(node.path)) addLeaf(own(node.path), node.path);
			for (const param of params) if (isPath(param)) addLeaf(own(param), param);
		} else if (node.type === 'BlockStatement') {
			const helper = isPath(node.path) ? node.path.parts[0] : '';
			const [subject] = (node.params as unknown[]) ?? [];
			const program = node.program as hbs.AST.Program;
			const inverse = node.inverse as hbs.AST.Program | undefined;
			if (helper === 'each' && isPath(subject)) {
				collect(program, [...scopes, listEntry(own(subject), subject)]);
				collect(inverse, scopes);
			} else if (helper === 'with' && isPath(subject)) {
				collect(program, [...scopes, objectAt(own(subject), subject.parts)]);
				collect(inverse, scopes);
			} else {
				if (isPath(subject)) addLeaf(own(subject), subject);
				collect(program, scopes);
				collect(inverse, scopes);
			}
		}
	}
}

/** A list of entries that use no fields (`{{this}}`) is a list of placeholder texts. */
function tidy(value: unknown, name: string): unknown {
	if (Array.isArray(value)) {
		const [entry] = value as Variables[];
		return Object.keys(entry).length === 0 ? [placeholder(name)] : [tidy(entry, name)];
	}
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(Object.entries(value as Variables).map(([key, inner]) => [key, tidy(inner, key)]));
	}
	return value;
}

/**
 * The variables a template uses, as an object that mirrors them: placeholders become
 * leaves, `#each` lists of entries, `#with` nested objects, `#if` conditions leaves.
 * Throws when the template does not parse.
 */
export function extractVariables(html: string): Variables {
	const ast = Handlebars.parse(html);
	const root: Variables = {};
	collect(ast, [root]);
	return tidy(root, '') as Variables;
}
