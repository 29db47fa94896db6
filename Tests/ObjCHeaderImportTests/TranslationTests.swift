import ObjCHeaderImport
import Testing

/// Types, nullability, preprocessing, structs, functions and the generated file's header.
@Suite struct TranslationTests {
    @Test("types in an audited region: bridged classes, collections, pointers, blocks, geometry, existentials")
    func auditedTypes() throws {
        let header = """
            NS_ASSUME_NONNULL_BEGIN
            @protocol ShopCanvas
            @end
            @interface ShopPicture : NSObject
            @end
            @protocol ShopTypes
            - (void)takeData:(NSData*)data number:(NSNumber*)number list:(NSArray<NSString*>*)list map:(NSDictionary<NSString*, id>*)map anything:(id)anything;
            - (void)takePicture:(nullable ShopPicture*)picture raw:(void*)raw constRaw:(const void*)constRaw;
            - (void)performTask:(void (^)(NSError* _Nullable error, BOOL done))task maybe:(nullable void (^)(void))maybe;
            - (CGSize)sizeAtPoint:(CGPoint)point inRect:(CGRect)rect scale:(CGFloat)scale interval:(NSTimeInterval)interval;
            - (id<ShopCanvas, NSObject>)canvas;
            - (NSInteger)count:(NSUInteger)limit flag:(bool)flag;
            - (void)nest:(NSArray<NSDictionary*>*)items keys:(NSDictionary<id, NSNumber*>*)keys;
            @end
            NS_ASSUME_NONNULL_END
            """
        try expectDeclarations(header, [
            "func take(_ data: Data, number: NSNumber, list: [String], map: [String: Any], anything: Any)",
            "func take(_ picture: ShopPicture?, raw: UnsafeMutableRawPointer, constRaw: UnsafeRawPointer)",
            "func performTask(_ task: @escaping ((any Error)?, Bool) -> Void, maybe: (() -> Void)?)",
            "@discardableResult func size(at point: CGPoint, in rect: CGRect, scale: CGFloat, interval: TimeInterval) -> CGSize",
            "@discardableResult func canvas() -> any ShopCanvas & NSObjectProtocol",
            "@discardableResult func count(_ limit: UInt, flag: Bool) -> Int",
            "func nest(_ items: [[AnyHashable: Any]], keys: [AnyHashable: NSNumber])",
        ])
    }

    @Test("outside NS_ASSUME_NONNULL: implicitly unwrapped at the top level, optional inside closures")
    func unauditedTypes() throws {
        let header = """
            @protocol ShopLoose
            - (NSString*)name:(NSString*)input callback:(void (^)(NSString* value))callback;
            @property(nonatomic, readonly) NSArray<NSNumber*>* values;
            @property(nonatomic, readonly, nullable) NSString* nickname;
            @property(nonatomic, readonly) NSString* _Nonnull title;
            @end
            """
        try expectDeclarations(header, [
            "@discardableResult func name(_ input: String!, callback: ((String?) -> Void)!) -> String!",
            "var values: [NSNumber]! { get }",
            "var nickname: String? { get }",
            "var title: String { get }",
        ])
    }

    @Test("comments, imports, pragmas and include guards are skipped; #if branches follow --target-os")
    func preprocessing() throws {
        let header = """
            // @interface NotADeclaration
            /* a block comment with @protocol NotEither
               over two lines */
            #ifndef SHOP_H
            #define SHOP_H
            #import <Foundation/Foundation.h>
            #pragma mark - Phones and Macs
            #if !TARGET_OS_OSX || RIVE_MAC_CATALYST
            @protocol ShopOnPhone /** doc */
            - (void)phone; /// trailing doc
            @end
            #else
            @protocol ShopOnMac
            - (void)mac;
            @end
            #endif
            #ifdef __cplusplus
            extern "C" {
            #endif
            extern void ShopReset(void);
            #ifdef __cplusplus
            }
            #endif
            #endif
            """
        let mac = try generate(header, checks: .all)
        #expect(mac.contains("public protocol ShopOnMac: AnyObject {"))
        #expect(!mac.contains("ShopOnPhone"))
        #expect(!mac.contains("NotADeclaration") && !mac.contains("NotEither"))
        #expect(mac.contains("    let _: () -> Void = ShopReset\n"))
        let phone = try generate(header, target: .ios)
        #expect(phone.contains("public protocol ShopOnPhone: AnyObject {"))
        #expect(!phone.contains("ShopOnMac"))
        #expect(phone.contains("// Target: ios (TARGET_OS_OSX=0, RIVE_MAC_CATALYST=0)"))
    }

    @Test("C structs: var fields, init() with zero values, memberwise init")
    func structs() throws {
        let header = """
            typedef NS_CLOSED_ENUM(uint32_t, ShopSize) { ShopSizeSmall, ShopSizeLarge };
            NS_ASSUME_NONNULL_BEGIN
            typedef struct {
                uint64_t handle;
                ShopSize size;
                CGSize area;
                void* _Nullable context;
            } ShopParcel;
            NS_ASSUME_NONNULL_END
            """
        try expectDeclarations(header, [
            "public struct ShopParcel {",
            "public var handle: UInt64",
            "public var size: ShopSize",
            "public var area: CGSize",
            "public var context: UnsafeMutableRawPointer?",
            "public init() {",
            "self.handle = 0",
            "self.size = .small",
            "self.area = CGSize()",
            "self.context = nil",
            "}",
            "public init(handle: UInt64, size: ShopSize, area: CGSize, context: UnsafeMutableRawPointer?) {",
            "self.handle = handle",
        ])
    }

    @Test("extern functions: a typed reference checks the bridge; NS_SWIFT_NAME gives labels")
    func functions() throws {
        let header = """
            extern CGSize ShopMaximumSize(id<MTLDevice>);
            extern MTLPixelFormat ShopPixelFormat(void);
            NS_ASSUME_NONNULL_BEGIN
            FOUNDATION_EXPORT NSString* ShopDescribe(uint64_t handle, BOOL verbose) NS_SWIFT_NAME(describe(handle:verbose:));
            NS_ASSUME_NONNULL_END
            """
        try expectDeclarations(header, checks: .all, [
            "import Foundation",
            "import Metal",
            "private func _headerFunction_ShopMaximumSize() {",
            "let _: ((any MTLDevice)?) -> CGSize = ShopMaximumSize(_:)",
            "let _: () -> MTLPixelFormat = ShopPixelFormat",
            "let _: (UInt64, Bool) -> String = describe(handle:verbose:)",
        ])
    }

    @Test("interface checks: all, only the named ones (Objective-C or Swift name), or none")
    func checkSelection() throws {
        let header = """
            NS_SWIFT_NAME(Bell)
            @interface ShopBell : NSObject
            - (void)ring;
            @end
            @interface ShopDoor : NSObject
            @end
            extern void ShopOpen(void);
            """
        let all = try generate(header, checks: .all)
        #expect(all.contains("extension Bell: _HeaderInterface_Bell {}"))
        #expect(all.contains("extension ShopDoor: _HeaderInterface_ShopDoor {}"))
        #expect(all.contains("// Checked against the bridge: Bell, ShopDoor, ShopOpen\n"))
        let some = try generate(header, checks: .only(["Bell", "ShopOpen"]))
        #expect(some.contains("extension Bell: _HeaderInterface_Bell {}"))
        #expect(!some.contains("_HeaderInterface_ShopDoor"))
        #expect(some.contains("// Checked against the bridge: Bell, ShopOpen\n// Not checked: ShopDoor\n"))
        #expect(try generate(header, checks: .only(["ShopBell"])).contains("extension Bell: _HeaderInterface_Bell {}"))
        let none = try generate(header, checks: .none)
        #expect(!none.contains("_HeaderInterface_") && !none.contains("_headerFunction_"))
        #expect(none.contains("// Checked against the bridge: none\n// Not checked: Bell, ShopDoor, ShopOpen\n"))
    }

    @Test("the file starts with a generated-file header naming its headers, then the imports it needs")
    func fileHeader() throws {
        let output = try ObjCHeaderImporter.generate(headers: [
            HeaderSource(path: "Shop/A.h", text: "@protocol ShopA\n- (void)take:(NSFont*)font;\n@end\n"),
            HeaderSource(path: "Shop/B.h", text: "typedef NS_ENUM(NSInteger, ShopB) { ShopBOne };\n"),
        ])
        #expect(output.hasPrefix("""
            // Generated by rive-objc-import from Objective-C headers: do not edit.
            // The Swift declarations Swift's Objective-C importer gives these headers (docs/objc-import.md).
            //
            // Headers:
            //   Shop/A.h
            //   Shop/B.h
            // Target: macos (TARGET_OS_OSX=1, RIVE_MAC_CATALYST=0)
            // Checked against the bridge: none

            import AppKit
            import Foundation

            /// `@protocol ShopA` (Shop/A.h:1).
            """))
    }
}
