/// The filter language in a paragraph, for the man page (the README says the same at length).
public enum FilterDocumentation {
    public static let summary =
        "A filter expression tests articles: fields `title`, `author`, `text`, `link`, `source` (the source's name), "
        + "`group` and `tag` compare with `=`, `!=`, `~` (holds the text, case ignored) and `=~` (a POSIX extended regular expression, "
        + "case ignored, at most \(FilterRegex.maxLength) bytes, backslashes kept as written, no back-references); `age` (whole days) and `date` (`YYYY-MM-DD`, UTC) with `=`, `!=`, `<` and `>`; "
        + "`unread` and `starred` stand alone. Conditions join with `and`, `or`, `not` and parentheses; values are bare words or "
        + "quoted with `\"`. Example: `tag = linux and unread and not title ~ \"rumour\"`."
}
