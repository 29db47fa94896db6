// What rive-ios's Tests/Concurrency use from Apple's Foundation and XCTest that Linux's lack:
// `autoreleasepool` (no autorelease pools here: the body just runs) and the default
// `timeout` of `wait(for:)`, which on Apple platforms waits indefinitely (here ten minutes,
// after which the test fails instead of hanging the run).
//
// This file is compiled into the test target with the upstream tests.

import Foundation
import XCTest

func autoreleasepool<Result>(invoking body: () throws -> Result) rethrows -> Result {
    try body()
}

extension XCTestCase {
    /// Waits for the expectations as Apple's XCTest does when no timeout is given.
    func wait(for expectations: [XCTestExpectation]) {
        wait(for: expectations, timeout: 600)
    }
}
