import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Serves one connection: reads one request, logs it, plays its script, and records how
/// the client left. Every response says `Connection: close`, so there is no keep-alive.
struct Connection: Sendable {
    let socket: ClientSocket
    let state: ServerState

    private static let maxHeadBytes = 1 << 20
    /// Large sends keep a 200 MB body well under a second on loopback.
    private static let maxSendBytes = 1 << 20

    func run() {
        var socketOpen = true
        defer {
            if socketOpen { close(socket.fd) }
            state.connectionClosed()
        }
        var buffer: [UInt8] = []
        var headEnd: Int?
        do {
            while headEnd == nil {
                let searched = buffer.count
                try socket.receive(into: &buffer)
                headEnd = RequestHead.end(in: buffer, searchingFrom: searched)
                if headEnd == nil, buffer.count > Self.maxHeadBytes { return }
            }
        } catch {
            return  // left or stopped before sending a request: nothing to log
        }
        guard let headEnd, let head = RequestHead(buffer[..<headEnd]) else { return }

        let (id, scripted, responder) = state.admit(head)
        var script = scripted
        var requestInFlight = true
        func endRequest() {
            if requestInFlight { state.requestEnded() }
            requestInFlight = false
        }
        defer { endRequest() }
        do {
            if let responder {
                var body = Array(buffer[headEnd...])
                try readRequestBody(head, into: &body)
                script = responder(LoopbackRequest(method: head.method, path: head.path, query: head.query, headers: head.headers, body: Data(body)))
            } else {
                try discardRequestBody(head, alreadyRead: buffer.count - headEnd)
            }
            if script.delayBeforeHeaders > .zero, !isHang(script) {
                try socket.idle(until: .now + script.delayBeforeHeaders)
            }
            switch script.action {
            case .hang:
                try socket.idle(until: nil)
            case .reset:
                socketOpen = false
                socket.reset()
                return
            case .respond:
                try respond(script, to: head, id: id, limit: nil, beforeFinalBytes: endRequest)
                state.update(id) { $0.finished = true }
                // FIN ends a close-delimited body; then wait to see the client hang up.
                shutdown(socket.fd, Int32(SHUT_WR))
                try socket.idle(until: nil)
            case .resetAfter(let bytes):
                try respond(script, to: head, id: id, limit: max(0, bytes))
                socketOpen = false
                socket.reset()
                return
            }
        } catch .clientClosed {
            state.update(id) {
                $0.clientClosedAt = .now
                $0.abortedByClient = !$0.finished
            }
        } catch {
            return  // stopped
        }
    }

    private func isHang(_ script: ScriptedResponse) -> Bool {
        if case .hang = script.action { return true }
        return false
    }

    /// Reads and drops a Content-Length request body (answering `Expect: 100-continue`).
    private func discardRequestBody(_ head: RequestHead, alreadyRead: Int) throws(ClientSocket.Interruption) {
        var remaining = head.contentLength - alreadyRead
        guard remaining > 0 else { return }
        if head.expectsContinue {
            try socket.send(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        var buffer: [UInt8] = []
        while remaining > 0 {
            buffer.removeAll(keepingCapacity: true)
            try socket.receive(into: &buffer)
            remaining -= buffer.count
        }
    }

    /// Reads a Content-Length request body (at most `maxHeadBytes`) after what `body` holds.
    private func readRequestBody(_ head: RequestHead, into body: inout [UInt8]) throws(ClientSocket.Interruption) {
        let length = min(head.contentLength, Self.maxHeadBytes)
        if head.expectsContinue, body.count < length {
            try socket.send(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        while body.count < length { try socket.receive(into: &body) }
    }

    /// Writes the head and the body (or its first `limit` bytes) chunk by chunk,
    /// pausing between chunks when the script trickles. `beforeFinalBytes` runs just before
    /// the write that lets the client finish, so what it marks happens before the client is done.
    private func respond(
        _ script: ScriptedResponse, to head: RequestHead, id: Int, limit: Int?,
        beforeFinalBytes: () -> Void = {}
    ) throws(ClientSocket.Interruption) {
        let source = BodySource(script.body)
        var total = head.method == "HEAD" ? 0 : source.count
        if let limit { total = min(total, limit) }
        if total == 0 { beforeFinalBytes() }
        try socket.send(ResponseHead.bytes(for: script, bodyCount: source.count))
        let chunkSize = max(1, script.chunkSize)

        var offset = 0
        while offset < total {
            if offset > 0, script.delayBetweenChunks > .zero {
                try socket.idle(until: .now + script.delayBetweenChunks)
            }
            let chunkEnd = min(total, offset + chunkSize)
            while offset < chunkEnd {
                let piece = min(chunkEnd - offset, Self.maxSendBytes)
                if offset + piece == total { beforeFinalBytes() }
                let failure: ClientSocket.Interruption? = source.withBytes(from: offset, upTo: piece) { bytes in
                    do throws(ClientSocket.Interruption) {
                        try socket.send(bytes) { sent in
                            state.update(id) { $0.bodyBytesSent += sent }
                        }
                    } catch {
                        return error
                    }
                    offset += bytes.count
                    return nil
                }
                if let failure { throw failure }
            }
        }
    }
}
