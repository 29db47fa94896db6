import Testing
import RiveFormat
@testable import ReferenceRuntime

@Suite("inspect --instances report")
struct InstanceValuesReportTests {
    @Test("the report shows blank and default values and marks shared nested instances")
    func report() throws {
        let report = InstanceValuesReport(try RiveReader.read(try makeTestFile()))
        let main = try #require(report.entries.first { $0.viewModel == "Main" })
        #expect(main.blank.hasPrefix("@1 \"\" {title=\"\", count=0, on=false, tint=#FF000000, mood=calm, ping=untriggered, child=null, other=null, items=[]"))
        #expect(main.defaultInstance.contains("child=@2 \"c1\" {volume=5}, other=@2, items=[@3 \"c2\" {volume=7}, @2]"))
        #expect(report.lines.count == 3 * report.entries.count)
    }
}
