/** The real-n8n sections of bench/RESULTS.md: the comparison with the peer, growth, and the database download. */
import type { ComparisonRow } from './n8n/comparison';
import type { GrowthRow } from './n8n/growth';
import type { N8nFigures } from './n8n/session';
import { round } from './stats';

/** Issue 21's goals: the default setup at most 0.7 × the peer's time; cost per item flat (±20 %); under 1 MB of RSS per 10 items. */
const PEER_RATIO_GOAL = 0.7;
const FLAT_COST_TOLERANCE = 0.2;
const RSS_PER_10_ITEMS_GOAL_MB = 1;

export function table(headers: string[], rows: Array<Array<string | number>>): string {
	return [`| ${headers.join(' | ')} |`, `|${headers.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

export const verdict = (met: boolean) => (met ? 'met' : '**not met**');

function comparisonTable(rows: ComparisonRow[]): string {
	return table(
		['way', 'nodes built', 'node time (ms)', '× peer', 'n8n CPU per item (ms)', 'API calls (status)', 'file downloads', 'most requests in flight', 'peak sockets'],
		rows.map((row) => [row.way, row.nodesBuilt, row.nodeMs, row.key === 'start' ? '—' : row.ratioToPeer, row.cpuPerItemMs, `${row.apiCalls} (${row.statusCalls})`, row.fileDownloads, row.maxInFlight, row.peakSockets]),
	);
}

export function comparisonSection({ latencyMs, comparison }: N8nFigures): string[] {
	const sizes = [...new Set(comparison.map((row) => row.items))];
	const lines = [
		`## In a real n8n: our node against what a user would build instead (${latencyMs} ms render latency, filesystem binary mode)`,
		'',
		'Node time: n8n\'s own record of the execution, from the first of the way\'s nodes starting to the last one ending.',
		'CPU: the n8n process\'s, from the webhook call until n8n recorded the execution, per item (the start every row',
		'shares is the last sync row). API calls, downloads and requests in flight: counted by the sandbox. Sockets: the',
		'n8n process\'s open sockets, sampled every 100 ms.',
		'',
	];
	for (const items of sizes) {
		const sync = comparison.filter((row) => row.items === items && row.answer === 'sync');
		const waiting = comparison.filter((row) => row.items === items && row.answer === '202');
		const ours = sync.find((row) => row.key === 'ours');
		const ours202 = waiting.find((row) => row.key === 'ours');
		const peer202 = waiting.find((row) => row.key === 'peerLoop');
		lines.push(`### ${items} items, every render answered within the sync call (medians of ${sync[0]?.runs ?? 0} runs)`, '', comparisonTable(sync), '');
		if (ours) lines.push(`Goal (our node as a user sets it up at most ${PEER_RATIO_GOAL} × the peer's node time): ${verdict(ours.ratioToPeer <= PEER_RATIO_GOAL)} (${ours.ratioToPeer} ×).`, '');
		if (waiting.length) {
			lines.push(`### ${items} items, every render answered 202 (after 1 s; it ends 4 s later; poll interval and Wait 3 s; ${waiting[0].runs} run(s))`, '', comparisonTable(waiting), '');
		}
		if (ours202 && peer202) {
			lines.push(
				`Goal (as fast as the peer's loop, with fewer API calls): time ${verdict(ours202.ratioToPeer <= 1)} (${ours202.ratioToPeer} ×), API calls ${verdict(ours202.apiCalls < peer202.apiCalls)} (${ours202.apiCalls} against ${peer202.apiCalls}; no way can make fewer than ${2 * items}: the render and one status call per item).`,
				'',
			);
		}
	}
	return lines;
}

/** CPU per item beyond a one-item run, at the largest size over the smallest, per way. */
function flatness(rows: GrowthRow[]): Array<{ key: string; change: number }> {
	const keys = [...new Set(rows.map((row) => row.key))];
	return keys.flatMap((key) => {
		const own = rows.filter((row) => row.key === key);
		if (own.length < 2) return [];
		return [{ key, change: round(own[own.length - 1].cpuPerItemBeyondOneMs / own[0].cpuPerItemBeyondOneMs - 1, 2) }];
	});
}

export function growthSection({ latencyMs, growth }: N8nFigures): string[] {
	const largestOf = (key: string) => growth.filter((row) => row.key === key).at(-1);
	const perTenItemsOf = (row: GrowthRow | undefined) => (row ? round((row.rssGrowthMb / row.items) * 10, 2) : NaN);
	const largest = largestOf('ours');
	const perTenItems = perTenItemsOf(largest);
	const peer = largestOf('peer');
	const alone = largestOf('start');
	const withoutDownloads = largestOf('oursNoDownload');
	const flat = flatness(growth);
	return [
		`## Growth in a real n8n (${latencyMs} ms render latency, Download File on unless the row says off, filesystem binary mode)`,
		'',
		'Each way runs its sizes in ascending order after a warm-up (10, then 100 items); peak RSS is the n8n process\'s highest resident',
		'memory since the warm-up, growth is over its memory after the warm-up. "Beyond one item": the run\'s CPU less a',
		'one-item run\'s (median of 3: what any run costs, n8n starting and saving the execution), per further item.',
		'',
		table(
			['way', 'items', 'node time (ms)', 'per item (ms)', 'n8n CPU per item (ms)', 'n8n CPU per item beyond one item (ms)', 'peak RSS (MB)', 'RSS growth (MB)', 'most requests in flight', 'peak sockets', 'API calls'],
			growth.map((row) => [row.way, row.items, row.nodeMs, row.msPerItem, row.cpuPerItemMs, row.cpuPerItemBeyondOneMs, row.peakRssMb, row.rssGrowthMb, row.maxInFlight, row.peakSockets, row.apiCalls]),
		),
		'',
		`Goal (cost per item flat within ±${FLAT_COST_TOLERANCE * 100} %, CPU per item beyond one item from the smallest to the largest size): ${flat
			.map(({ key, change }) => `${key} ${change >= 0 ? '+' : ''}${round(change * 100, 0)} % (${verdict(Math.abs(change) <= FLAT_COST_TOLERANCE)})`)
			.join(', ')}.`,
		`Goal (our node: RSS growth under ${RSS_PER_10_ITEMS_GOAL_MB} MB per 10 items at ${largest?.items ?? 0} items): ${verdict(perTenItems < RSS_PER_10_ITEMS_GOAL_MB)} (${perTenItems} MB).`,
		...(peer ? [`The peer, which hands n8n the same items and files, grows ${perTenItemsOf(peer)} MB per 10 items at ${peer.items} items.`] : []),
		...(alone && withoutDownloads
			? [
					`What the growth is made of: n8n alone, handed the same ${alone.items} items, grows ${perTenItemsOf(alone)} MB per 10 items; our node with`,
					`Download File off ${perTenItemsOf(withoutDownloads)} MB. So it is not the items n8n holds but what the requests use (n8n's HTTP helper builds`,
					'a new agent and connection for each) and V8 takes back only later; the downloads bring the rest.',
				]
			: []),
		'',
	];
}
