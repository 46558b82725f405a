/**
 * A value a test file's `beforeAll` starts, handed out before it exists: the file keeps one
 * `const` for it (the sandbox, a webhook receiver), and each use reaches the started value.
 * A use before the file's first hook has run is an error that says so.
 */
export function startedInHooks<T extends object>(what: string, started: () => T | undefined): T {
	return new Proxy({} as T, {
		get(_, property) {
			const value = started();
			if (!value) throw new Error(`The ${what} starts before the first test: use it in a test or a hook`);
			return Reflect.get(value, property, value);
		},
	});
}
