import ObjCHeaderImport
import Testing

/// Every construct that is not translated stops with its file, line, declaration and a hint.
@Suite struct ErrorTests {
    @Test("the message shape: FILE:LINE: error[code]: message, the declaration, the hint")
    func unknownType() {
        let error = expectFailure("""
            NS_ASSUME_NONNULL_BEGIN
            @protocol ShopLinks
            - (void)open:(NSURL*)url
                 inTab:(BOOL)tab;
            @end
            NS_ASSUME_NONNULL_END
            """, code: .unknownType, line: 3)
        #expect(error?.description == """
            Test.h:3: error[objc-import.unknown-type]: cannot translate the type 'NSURL *' of the parameter 'url': the header set does not declare the class and it is not a known class
              declaration: - (void)open:(NSURL*)url inTab:(BOOL)tab;
              hint: pass the header that declares it, or add it to KnownTypes.classes
            """)
    }

    @Test("a condition over an unknown macro names it")
    func unknownMacro() {
        let error = expectFailure("@protocol ShopA\n@end\n#if SHOP_FEATURE && TARGET_OS_OSX\n#endif\n", code: .preprocessor, line: 3)
        #expect(error?.description == """
            Test.h:3: error[objc-import.preprocessor]: the condition 'SHOP_FEATURE && TARGET_OS_OSX' uses the macro 'SHOP_FEATURE', which the generator does not know
              declaration: #if SHOP_FEATURE && TARGET_OS_OSX
              hint: the generator evaluates TARGET_OS_OSX, RIVE_MAC_CATALYST, __cplusplus and include guards only; remove the condition or teach HeaderPreprocessor the macro's value
            """)
        // An unknown macro in a branch that is not taken is never evaluated.
        #expect(throws: Never.self) { try generate("#if TARGET_OS_OSX\n#elif SHOP_FEATURE\n#endif\n") }
        expectFailure("#ifdef SHOP_FEATURE\n#endif\n", code: .preprocessor, line: 1)
    }

    @Test("preprocessor: macro definitions, unclosed and unmatched conditionals, other directives")
    func preprocessorErrors() {
        let define = expectFailure("#define SHOP_LIMIT 4\n", code: .preprocessor, line: 1)
        #expect(define?.message == "'#define SHOP_LIMIT 4' is not an include guard, and macro definitions are not translated")
        let open = expectFailure("@protocol ShopA\n@end\n#if TARGET_OS_OSX\n", code: .preprocessor, line: 3)
        #expect(open?.message == "this conditional is never closed with '#endif'")
        expectFailure("#endif\n", code: .preprocessor, line: 1)
        let other = expectFailure("#line 4\n", code: .preprocessor, line: 1)
        #expect(other?.message == "the directive '#line' is not evaluated")
    }

    @Test("@optional, class methods, categories, class properties, unknown attribute macros")
    func unsupportedConstructs() {
        let optional = expectFailure("@protocol ShopA\n@optional\n- (void)maybe;\n@end\n", code: .unsupported, line: 2)
        #expect(optional?.message == "@optional requirements are not translated (Swift needs @objc for them)")
        #expect(optional?.declaration == "@optional - (void)maybe;")
        let classMethod = expectFailure("@interface ShopA : NSObject\n+ (instancetype)shared;\n@end\n", code: .unsupported, line: 2)
        #expect(classMethod?.message == "class methods are not translated")
        #expect(classMethod?.declaration == "+ (instancetype)shared;")
        expectFailure("@interface ShopA (Extras)\n@end\n", code: .unsupported, line: 1)
        expectFailure("@protocol ShopA\n@property(class, readonly) int count;\n@end\n", code: .unsupported, line: 2)
        let attribute = expectFailure("@protocol ShopA\n- (void)go API_AVAILABLE(ios(13.0));\n@end\n", code: .unsupported, line: 2)
        #expect(attribute?.message == "the attribute macro 'API_AVAILABLE' is not translated")
        let sendable = expectFailure("NS_SWIFT_SENDABLE\n@protocol ShopA\n@end\n", code: .unsupported, line: 1)
        #expect(sendable?.message == "the attribute macro 'NS_SWIFT_SENDABLE' is not translated")
        let actor = expectFailure("typedef NS_ENUM(NSInteger, ShopA) { ShopAOne } NS_SWIFT_UI_ACTOR;\n", code: .unsupported, line: 1)
        #expect(actor?.message == "NS_SWIFT_UI_ACTOR is translated on protocols, interfaces, methods and properties only")
        let typedef = expectFailure("typedef NSString* ShopName;\n", code: .unsupported, line: 1)
        #expect(typedef?.message == "this typedef is not translated")
    }

    @Test("types: pointers to pointers, classes known only from @class, unknown protocols, async imports")
    func untranslatableTypes() {
        let errorPointer = expectFailure("@protocol ShopA\n- (BOOL)save:(NSError**)error;\n@end\n", code: .unknownType, line: 2)
        #expect(errorPointer?.message.hasSuffix("pointers to pointers (such as NSError **, which the importer turns into throws) are not translated") == true)
        let forward = expectFailure("@class ShopB;\n@protocol ShopA\n- (void)take:(ShopB*)b;\n@end\n", code: .unknownType, line: 3)
        #expect(forward?.message.hasSuffix("'ShopB' is only declared with @class in the given headers") == true)
        #expect(forward?.hint == "pass the header that declares @interface ShopB")
        let proto = expectFailure("@protocol ShopA <ShopMissing>\n@end\n", code: .unknownType, line: 1)
        #expect(proto?.message == "the protocol 'ShopMissing' is not defined in the given headers and has no known Swift name")
        let async = expectFailure("@protocol ShopA\n- (void)loadWithCompletion:(void (^)(void))completion;\n@end\n", code: .unsupported, line: 2)
        #expect(async?.message.hasPrefix("the block parameter 'completion' is a completion handler") == true)
    }

    @Test("NS_SWIFT_NAME must match the declaration's parameters")
    func swiftNameMismatch() {
        let error = expectFailure("@protocol ShopA\n- (void)put:(int)a at:(int)b NS_SWIFT_NAME(put(_:));\n@end\n", code: .unsupported, line: 2)
        #expect(error?.message == "NS_SWIFT_NAME(put(_:)) names 1 argument(s) but the declaration has 2 parameter(s)")
    }

    @Test("an --interface-check name that no header declares")
    func unknownCheckName() {
        let error = expectFailure("@interface ShopA : NSObject\n@end\n", checks: .only(["ShopB"]), code: .unknownName, line: nil)
        #expect(error?.description == """
            --interface-check: error[objc-import.unknown-name]: no header declares an @interface or extern function named 'ShopB'
              hint: the headers declare: ShopA
            """)
    }

    @Test("a name declared twice")
    func duplicate() {
        expectFailure("@protocol ShopA\n@end\n@protocol ShopA\n@end\n", code: .unsupported, line: 3)
    }
}
