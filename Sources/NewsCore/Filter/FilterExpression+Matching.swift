import FoundationEssentials

/// The rules both evaluations share: what a source field holds for a source, and the span of
/// sort times (`age`, `date`) a time condition accepts. The Swift evaluation and the SQL
/// translation are built from these, so they cannot disagree.
extension FilterExpression {
    /// A source field's condition on one source's facts.
    static func sourceMatches(_ field: FilterField, _ test: (String) -> Bool, _ facts: FilterSources.Facts) -> Bool {
        switch field {
        case .source: return test(facts.name)
        case .group: return test(facts.group ?? "")
        default: return facts.tags.contains(where: test)  // .tag: any of them
        }
    }

    /// The test of one text against `op value` (`!=` is the negation of `=`, applied by the caller).
    static func textTest(_ op: FilterOperator, _ value: String) -> (String) -> Bool {
        switch op {
        case .contains: return { FilterText.contains($0, value) }
        default: return { FilterText.equal($0, value) }
        }
    }

    /// Sort times (Unix seconds) a time condition accepts: above `lower` (or at it, when
    /// inclusive) and below `upper` (or at it); `negated` turns the span inside out (`!=`).
    struct TimeSpan: Equatable {
        var lower: (value: Double, inclusive: Bool)?
        var upper: (value: Double, inclusive: Bool)?
        var negated = false

        func contains(_ time: Double) -> Bool {
            var inside = true
            if let lower { inside = inside && (lower.inclusive ? time >= lower.value : time > lower.value) }
            if let upper { inside = inside && (upper.inclusive ? time <= upper.value : time < upper.value) }
            return inside != negated
        }

        static func == (a: TimeSpan, b: TimeSpan) -> Bool {
            a.lower?.value == b.lower?.value && a.lower?.inclusive == b.lower?.inclusive
                && a.upper?.value == b.upper?.value && a.upper?.inclusive == b.upper?.inclusive && a.negated == b.negated
        }
    }

    static let day = 86_400.0

    /// `age OP days`, whole days counted back from `now`: `age < 2` is younger than two days,
    /// `age = 2` two days old and not yet three, `age > 2` three days old or more.
    static func ageSpan(_ op: FilterOperator, _ days: Int, now: Date) -> TimeSpan {
        let now = now.timeIntervalSince1970
        let start = now - Double(days) * day  // `days` old from here back
        let end = now - Double(days + 1) * day
        switch op {
        case .less: return TimeSpan(lower: (start, false))
        case .greater: return TimeSpan(upper: (end, true))
        case .notEqual: return TimeSpan(lower: (end, false), upper: (start, true), negated: true)
        default: return TimeSpan(lower: (end, false), upper: (start, true))
        }
    }

    /// `date OP day`: the UTC day from `start` on, for 24 hours.
    static func dateSpan(_ op: FilterOperator, _ start: Date) -> TimeSpan {
        let start = start.timeIntervalSince1970
        switch op {
        case .less: return TimeSpan(upper: (start, false))
        case .greater: return TimeSpan(lower: (start + day, true))
        case .notEqual: return TimeSpan(lower: (start, true), upper: (start + day, false), negated: true)
        default: return TimeSpan(lower: (start, true), upper: (start + day, false))
        }
    }
}
