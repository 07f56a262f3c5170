import FoundationEssentials
import NewsCore

/// Any error as one sentence for a person.
package enum ErrorText {
    package static func sentence(_ error: any Error) -> String {
        if let readable = error as? any ReadableError { return readable.message }
        if error is CancellationError { return "Cancelled." }
        return String(describing: error)
    }
}
