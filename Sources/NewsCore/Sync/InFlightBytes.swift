/// What a sync has in flight at once, counted in the bytes its answers may reach (each request's
/// cap), not in requests: four pages of 32 MiB, each parsed whole, took 164 MiB. A request starts
/// while the caps of those running leave room for its own; one always may, so an answer larger
/// than the others (a single article asked for alone) runs by itself.
struct InFlightBytes {
    let limit: Int
    private(set) var held = 0
    private(set) var running = 0

    init(limit: Int) { self.limit = limit }

    /// Whether a request of `cap` bytes may start now.
    func allows(_ cap: Int) -> Bool { running == 0 || held + cap <= limit }

    mutating func start(_ cap: Int) {
        held += cap
        running += 1
    }

    mutating func finish(_ cap: Int) {
        held -= cap
        running -= 1
    }
}
