import Foundation
import Testing

@Suite("The independent oracles read what their standards say")
struct IndependentOracleTests {
    @Test func theCSVReaderReadsRFC4180() {
        #expect(
            rfc4180Rows("a,b\r\n\"x, \"\"y\"\"\",\"two\r\nlines\"\r\n") == [["a", "b"], ["x, \"y\"", "two\r\nlines"]])
        #expect(rfc4180Rows("a,,c\n,") == [["a", "", "c"], ["", ""]])
        #expect(rfc4180Rows("") == [])
    }

    @Test func sameJSONTellsValuesApart() throws {
        #expect(sameJSON(try foundationJSON(#"{"a":["x",1,null]}"#), try foundationJSON(#"{"a":["x",1,null]}"#)))
        #expect(!sameJSON(try foundationJSON(#"{"a":["x"]}"#), try foundationJSON(#"{"a":["y"]}"#)))
        #expect(!sameJSON(try foundationJSON(#"{"a":1}"#), try foundationJSON(#"{"a":1,"b":1}"#)))
        #expect(!sameJSON(try foundationJSON(#"["\u00e9"]"#), try foundationJSON(#"["e\u0301"]"#)))
        #expect(try foundationJSONLines("{\"a\":1}\n\n[2]\n").count == 2)
    }
}
