/// A reader that splits JSON input into values and hands them out in batches: the reader of an
/// array's elements and the reader of JSON Lines. The batching is written once, here; each reader
/// says only where its next value is.
protocol JSONValueSplitter {
    /// The input: the buffer the values are in, and their positions.
    var input: JSONInput { get set }
    /// How the values are framed, for their parse.
    var framing: JSONElementBatch.Framing { get }
    /// About how many bytes a batch takes.
    var batchSize: Int { get }
    /// How many values were handed out.
    var valueCount: Int { get set }
    /// A problem met after the values of the last batch, thrown by the next call.
    var failure: (any Error)? { get set }
    /// Whether ``valueCount`` counts every value handed out (not after a run of an array's
    /// elements, ``JSONArrayReader/nextRun()``).
    var countsValues: Bool { get }

    /// The next value in `input.buffer`, or `nil` at the end.
    mutating func nextValue() throws -> JSONSplitValue?
}

/// Where a value is in the reader's buffer, as the reader split it.
struct JSONSplitValue {
    /// The value's bytes (for lines: to the line's end).
    var range: Range<Int>
    /// 1 when the parse may look at the byte after the range (an array's element: a number ended
    /// by the byte after it is reported as it would be in place).
    var lookahead: Int = 0
    /// For lines: whether a line feed ended the line.
    var endsWithLineFeed = false
}

extension JSONValueSplitter {
    /// The next values, about `batchSize` bytes of them; `nil` at the end of the input. A problem
    /// met after some values is thrown by the next call, so that the values before it go first:
    /// one of them may be bad, and come first.
    mutating func nextBatch() throws -> JSONElementBatch? {
        if let failure {
            self.failure = nil
            throw failure
        }
        var batch = JSONElementBatch(framing: framing, firstIndex: valueCount)
        // After a run, an element's position is not counted as it passes (a problem sends the
        // batch back to the exact reader, which counts it).
        batch.isIndexKnown = countsValues
        // Room for the batch at once: grown from empty, its bytes were copied over and over (6% of
        // a JSON → CSV conversion's instructions). A batch ends with the value that takes it past
        // `batchSize`; a value larger than the spare room grows it once.
        batch.bytes.reserveCapacity(batchSize + batchSize / 4)
        batch.elements.reserveCapacity(batchSize / 256)
        do {
            while batch.bytes.count < batchSize, let value = try nextValue() {
                let range = value.range
                batch.append(
                    input.buffer[range.lowerBound..<(range.upperBound + value.lookahead)], length: range.count,
                    endsWithLineFeed: value.endsWithLineFeed, offset: input.bufferOffset + range.lowerBound,
                    origin: input.countsAsItReads && !input.retains
                        ? input.position(ofBufferIndex: range.lowerBound) : nil)
                valueCount += 1
            }
        } catch {
            guard !batch.elements.isEmpty else { throw error }
            failure = error
        }
        return batch.elements.isEmpty ? nil : batch
    }
}
