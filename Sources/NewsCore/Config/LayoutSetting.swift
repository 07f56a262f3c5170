/// `layout`: how many panes a wide terminal shows side by side.
public enum LayoutSetting: String, CaseIterable, Sendable {
    /// Two panes (the list and the article) from `layout-width` columns, three (the Sources
    /// column too) from 80 more; one screen at a time below.
    case auto
    /// One screen at a time, whatever the width.
    case single
    /// The list and the article side by side wherever both fit.
    case two
    /// The Sources column, the list and the article wherever all three fit.
    case three
}
