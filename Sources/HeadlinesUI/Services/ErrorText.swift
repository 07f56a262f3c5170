import Foundation
import NewsCore

/// Any error as one sentence for a person.
public enum ErrorText {
    public static func sentence(_ error: any Error) -> String {
        if let error = error as? NewsError { return error.message }
        if let error = error as? SaveError { return error.message }
        if error is CancellationError { return "Cancelled." }
        return error.localizedDescription
    }
}
