/// The events a connection read while it waited for something else — a reply, or one event — kept
/// in order for the next wait for any: at most ``capacity`` of them, a flood's oldest dropped past
/// that, so that a client flooding the window cannot grow it without bound.
struct X11EventQueue {
    /// The most events kept.
    let capacity: Int
    private(set) var events: [X11Event] = []

    init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    var isEmpty: Bool { events.isEmpty }

    /// Keeps `event`, dropping the oldest when full.
    mutating func append(_ event: X11Event) {
        if events.count >= capacity { events.removeFirst() }
        events.append(event)
    }

    /// The oldest event, taken; `nil` when there is none.
    mutating func popFirst() -> X11Event? {
        isEmpty ? nil : events.removeFirst()
    }

    /// The oldest event `matches` takes, taken; the others stay in order.
    mutating func take(where matches: (X11Event) -> Bool) -> X11Event? {
        guard let index = events.firstIndex(where: matches) else { return nil }
        return events.remove(at: index)
    }
}
