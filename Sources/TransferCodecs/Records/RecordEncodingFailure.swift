/// An error of the encoding side of a conversion, told apart from the decoding side's.
package struct RecordEncodingFailure: Error {
    package let error: any Error
}
