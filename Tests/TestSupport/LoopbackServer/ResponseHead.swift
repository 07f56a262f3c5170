import Foundation

/// Serialises the status line and headers of a scripted response.
enum ResponseHead {
    static func bytes(for response: ScriptedResponse, bodyCount: Int) -> [UInt8] {
        var text = "HTTP/1.1 \(response.status) \(reason(response.status))\r\n"
        var scriptedLength = false
        for (name, value) in response.headers {
            switch name.lowercased() {
            case "connection": continue  // we always close; a second Connection header would confuse
            case "content-length": scriptedLength = true
            default: break
            }
            text += "\(name): \(value)\r\n"
        }
        if !scriptedLength {
            switch response.contentLength {
            case .exact: text += "Content-Length: \(bodyCount)\r\n"
            case .omitted: break
            case .declared(let declared): text += "Content-Length: \(declared)\r\n"
            }
        }
        text += "Connection: close\r\n\r\n"
        return Array(text.utf8)
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 410: "Gone"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status \(status)"
        }
    }
}
