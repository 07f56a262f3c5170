/// A one-cell activity indicator; the frame advances on a timer while work runs.
package enum Spinner {
    static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    package static func frame(_ tick: Int) -> Character {
        frames[((tick % frames.count) + frames.count) % frames.count]
    }
}
