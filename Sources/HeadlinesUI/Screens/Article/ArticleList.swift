import NewsCore
import HeadlinesSession

/// The list an article was opened from (a source's, All, a group, Starred, a filtered list,
/// the search results). The article screen walks it with `J`, `K` and `n`, and tells it of
/// the marks made while reading, so its rows show them when the reader goes back.
@MainActor
protocol ArticleList: AnyObject {
    /// The row `step` places from `row` (1: the next, -1: the previous), selected in the list;
    /// nil past either end. It may read the list's next page first.
    func row(beside row: ListRow, by step: Int, _ found: @escaping @MainActor (ListRow?) -> Void)
    /// The next unread row after `row` (before it, `backwards`), selected in the list; it may
    /// read further pages or move on to another source first (`found` then gets the notice that
    /// says so). Nil: none left.
    func nextUnread(after row: ListRow, backwards: Bool, _ found: @escaping @MainActor (ListRow?, Notice?) -> Void)
    /// The article's marks changed (opened, `N`, `*`, `o`).
    func marksChanged(_ marks: ArticleMarks)
}
