//! The command line's tests as files (trycmd): each `cmd/NAME.toml` gives the arguments (and
//! stdin, environment, working folder), `cmd/NAME.stdout` and `cmd/NAME.stderr` what the binary
//! must print, and `status.code` its exit status (0 when absent). Inputs shared by the read-only
//! cases are in `cmd/inputs/`; a case that writes files runs in a copy of `cmd/NAME.in/` and the
//! folder must end as `cmd/NAME.out/`.
//!
//! `TRYCMD=overwrite cargo test -p llrs --test cmd` rewrites the expected files from what the
//! binary prints now (review the diff); `-- cmd trycmd=NAME` runs one case.

#[test]
fn cmd() {
    // The cases that want these set them; the developer's own settings must not leak in (the
    // binary inherits this process's environment). Nothing else runs in this test binary yet.
    for var in ["NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "LLRS_ASSUME_TERMINAL"] {
        std::env::remove_var(var);
    }
    trycmd::TestCases::new()
        .register_bin("llrs", std::path::Path::new(env!("CARGO_BIN_EXE_llrs")))
        .case("tests/cmd/*.toml");
}
