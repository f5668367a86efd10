//! Specialized debug-info nodes read as `LLParser`'s `PARSE_MD_FIELDS` reads them: each input with
//! the first diagnostic `llvm-as` 22 gives for it (field names, required fields, field types and
//! ranges, and the checks of each node once its fields are read).

use llrs_asm::parse_module;

/// Input text and the diagnostic LLVM 22 reports for it.
const CASES: &[(&str, &str)] = &[
    ("!named = !{!0}\n!0 = !DIBasicType(name: \"int\", sizx: 32)\n", "2:32: error: invalid field 'sizx'"),
    ("!named = !{!0}\n!0 = !DIFile(directory: \"d\")\n", "2:28: error: missing required field 'filename'"),
    (
        "!named = !{!0}\n!0 = !DIBasicType(name: \"int\", encoding: DW_ATE_bogus)\n",
        "2:42: error: invalid DWARF type attribute encoding 'DW_ATE_bogus'",
    ),
    ("!named = !{!0}\n!0 = !DIFoo(x: 1)\n", "2:6: error: expected metadata type"),
    ("!named = !{!0}\n!0 = !DILocation(line: 1)\n", "2:25: error: missing required field 'scope'"),
    ("!named = !{!0}\n!0 = !DIBasicType(name: \"int\", size: \"x\")\n", "2:38: error: expected metadata operand"),
    (
        "!named = !{!0}\n!0 = !DISubprogram(name: \"f\")\n",
        "2:6: error: missing 'distinct', required for !DISubprogram that is a Definition",
    ),
    (
        "!named = !{!0}\n!0 = !DIFile(filename: \"a\", directory: \"b\", checksum: \"00\")\n\n!1 = !{}\n",
        "4:1: error: 'checksumkind' and 'checksum' must be provided together",
    ),
    (
        "!named = !{!0}\n!0 = !DILocation(line: 4294967296, scope: !1)\n!1 = distinct !{}\n",
        "2:24: error: value for 'line' too large, limit is 4294967295",
    ),
    (
        "!named = !{!0}\n!0 = distinct !DICompileUnit(file: !1)\n!1 = !DIFile(filename: \"a\", directory: \"b\")\n",
        "2:15: error: missing one of 'language' or 'sourceLanguageName', required for !DICompileUnit",
    ),
    (
        "!named = !{!0}\n!0 = !DIBasicType(name: \"int\", flags: DIFlagBogus | DIFlagZero)\n",
        "2:39: error: invalid debug info flag 'DIFlagBogus'",
    ),
    (
        "!named = !{!0}\n!0 = !DIBasicType(name: \"int\", name: \"x\")\n",
        "2:32: error: field 'name' cannot be specified more than once",
    ),
    (
        "!named = !{!0}\n!0 = !DIEnumerator(name: \"a\", value: -1, isUnsigned: true)\n@g = global i32 0\n",
        "3:1: error: unsigned enumerator with negative value",
    ),
    ("!named = !{!0}\n!0 = !DIAssignID()\n", "2:6: error: missing 'distinct', required for !DIAssignID()"),
    ("!named = !{!0}\n!0 = !DISubrange(count: null)\n", "2:25: error: 'count' cannot be null"),
    (
        "!named = !{!0}\n!0 = !DIFile(filename: \"a\", directory: \"b\", checksumkind: 1, checksum: \"0\")\n",
        "2:59: error: invalid checksum kind 'checksumkind'",
    ),
    (
        "!named = !{!0}\n!0 = !DIDerivedType(tag: 7, baseType: null, dwarfAddressSpace: -1)\n",
        "2:64: error: expected unsigned integer",
    ),
];

#[test]
fn di_node_fields_as_llvm() {
    for (src, want) in CASES {
        let e = parse_module(src.as_bytes(), "t.ll").err().unwrap_or_else(|| panic!("accepted: {src}"));
        let got = e.to_string();
        assert!(got.contains(want), "{src}\nwant {want}\ngot {got}");
    }
}
