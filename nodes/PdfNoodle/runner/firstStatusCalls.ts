/**
 * What the items of one node run learn from each other's first status call. The work of one
 * run is alike (the same operation, started together), so when one item's first call hears
 * that its work is still going, the other items' first calls, due as long after their own
 * start, would mostly hear the same: they come one interval later instead. To learn before it
 * asks, an item whose first call falls due while another item's first call is under way waits
 * for that answer (a round trip, holding no request slot).
 *
 * What it costs: work that finishes well before the run's first-asked work is seen one poll
 * interval later than it would be; never more, since only the first call is put off.
 * What it saves: of many renders answered 202 together, each would otherwise make one status
 * call an interval after the 202 that only hears "still going"; now one of them does.
 */
export class FirstStatusCalls {
	private answerUnderWay: Promise<void> | undefined;
	private heardStillGoing = false;

	/**
	 * Called when an item's first status call is due. `later`: put it off one interval. An
	 * item given `answered` asks for the others and must call it with what it heard
	 * (`undefined` when the call told nothing: a failure, an answer that is not a status).
	 */
	async due(): Promise<{ later: boolean; answered?: (stillGoing: boolean | undefined) => void }> {
		if (this.answerUnderWay) {
			await this.answerUnderWay;
			return { later: this.heardStillGoing };
		}
		if (this.heardStillGoing) return { later: true };
		let settle: () => void = () => undefined;
		this.answerUnderWay = new Promise<void>((resolve) => (settle = resolve));
		return {
			later: false,
			answered: (stillGoing) => {
				if (stillGoing !== undefined) this.heardStillGoing = stillGoing;
				this.answerUnderWay = undefined;
				settle();
			},
		};
	}
}
