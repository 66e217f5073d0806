//! The binary's one entry: parse the arguments, run, and turn any failure into one line on
//! stderr and an exit status (0 success, 2 bad input, 1 anything else).

use std::io::Write as _;
use std::process::ExitCode;

use clap::Parser;
use clap::error::{ContextKind, ContextValue, ErrorKind};

use crate::cli::args::Cli;
use crate::cli::closed_stdout;
use crate::cli::dispatch;
use crate::cli::output::print_raw;

/// Runs the command line of this process.
pub fn run_from_env() -> ExitCode {
    if closed_stdout::stdout_was_closed() {
        let _ = writeln!(
            std::io::stderr().lock(),
            "slide: error: cannot write to stdout: it is closed (give it a file, or >/dev/null to drop the output)"
        );
        return ExitCode::from(1);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_error(&e),
    };
    match dispatch::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => error.report(),
    }
}

/// Help and the version go to stdout, whole. A mistake in the arguments is one line on
/// stderr: clap's first line, its tip if it has one, and where to read more; rejected values
/// quoted at most about sixty characters long.
fn clap_error(e: &clap::Error) -> ExitCode {
    match e.kind() {
        // A full disk or a closed file takes the help away: say so (a reader that went
        // away, `| head`, stays quiet).
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            return match print_raw(&e.render().to_string()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => error.report(),
            };
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = write!(std::io::stderr().lock(), "{}", e.render());
            return ExitCode::from(2);
        }
        _ => {}
    }
    let subcommand = subcommand_named();
    // `--config` is only offered where it is read; elsewhere say why it is refused.
    if e.kind() == ErrorKind::UnknownArgument
        && let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg)
        && (arg == "--config" || arg.starts_with("--config="))
        && let Some(name) = &subcommand
    {
        let _ = writeln!(
            std::io::stderr().lock(),
            "slide: error: --config is for the game (slide, slide play); `slide {name}` reads no settings"
        );
        return ExitCode::from(2);
    }
    let help = subcommand.map_or_else(|| "slide --help".to_string(), |name| format!("slide {name} --help"));
    let line = if e.kind() == ErrorKind::MissingRequiredArgument {
        missing_line(e, &help)
    } else {
        one_line(&e.render().to_string(), &help)
    };
    let _ = writeln!(std::io::stderr().lock(), "slide: {line}");
    ExitCode::from(2)
}

/// The subcommand the arguments name, if any.
fn subcommand_named() -> Option<String> {
    let names = [
        "play",
        "solve",
        "hint",
        "rate",
        "generate",
        "levels",
        "bench",
        "stats",
        "review",
        "tables",
        "completions",
        "man",
    ];
    std::env::args().skip(1).find(|a| names.contains(&a.as_str()))
}

/// Clap lists the missing arguments on the lines after its first, which `one_line` drops:
/// name them on the one line.
fn missing_line(e: &clap::Error, help: &str) -> String {
    let names: Vec<String> = match e.get(ContextKind::InvalidArg) {
        Some(ContextValue::Strings(names)) => names.clone(),
        Some(ContextValue::String(name)) => vec![name.clone()],
        _ => Vec::new(),
    };
    if names.is_empty() {
        return one_line(&e.render().to_string(), help);
    }
    let noun = if names.len() == 1 { "argument" } else { "arguments" };
    format!("error: missing {noun}: {} (see {help})", names.join(", "))
}

/// Clap's message as one line: its first line, then any tip, then where help is.
fn one_line(rendered: &str, help: &str) -> String {
    let mut lines = rendered.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines.next().unwrap_or("error: invalid arguments");
    let tips: Vec<&str> = lines.filter_map(|l| l.strip_prefix("tip: ")).collect();
    let mut line = shorten_quotes(first);
    for tip in tips {
        line.push_str("; ");
        line.push_str(&shorten_quotes(tip));
    }
    line + " (see " + help + ")"
}

/// `text` with every `'…'` quotation longer than the limit cut short.
fn shorten_quotes(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(400));
    let mut rest = text;
    while let Some(open) = rest.find('\'') {
        out.push_str(&rest[..=open]);
        let after = &rest[open + 1..];
        // The closing quote is the last one before the next ": " or " for " clap puts after a
        // value, else the last in the text, so that a value with quotes in it stays whole.
        let end = [after.find("' for '"), after.find("': "), after.rfind('\'')]
            .into_iter()
            .flatten()
            .min();
        let Some(close) = end else {
            out.push_str(after);
            return out;
        };
        out.push_str(&slide::excerpt::excerpt(&after[..close]));
        out.push('\'');
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::args::Cli;

    fn rendered(args: &[&str]) -> (ErrorKind, String) {
        let e = Cli::try_parse_from(std::iter::once("slide").chain(args.iter().copied())).unwrap_err();
        (e.kind(), one_line(&e.render().to_string(), "slide solve --help"))
    }

    #[test]
    fn argument_errors_are_one_line_with_the_tip() {
        let (_, line) = rendered(&["solve", "--jsn", "1 2 3 4 5 6 7 8 0"]);
        assert!(!line.contains('\n'), "{line}");
        assert!(line.starts_with("error: unexpected argument '--jsn'"), "{line}");
        assert!(line.contains("'--json'"), "the tip: {line}");
        assert!(line.ends_with("(see slide solve --help)"), "{line}");
        let (_, line) = rendered(&["solve", "--max-time", "1e309", "1 2 3 4 5 6 7 8 0"]);
        assert!(line.contains("a year"), "{line}");
        assert!(!line.contains("more than 0"), "{line}");
    }

    #[test]
    fn a_missing_argument_is_named() {
        let e = Cli::try_parse_from(["slide", "generate", "--size", "3"]).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::MissingRequiredArgument);
        let line = missing_line(&e, "slide generate --help");
        assert_eq!(line, "error: missing argument: --level <L> (see slide generate --help)");
    }

    #[test]
    fn a_long_rejected_value_is_quoted_short() {
        let long = "9".repeat(100_000);
        let (_, line) = rendered(&["generate", "--size", "3", "--level", "easy", "--seed", &long]);
        assert!(line.len() < 300, "{} bytes: {}", line.len(), &line[..200]);
        assert!(line.contains("(100000 characters)"), "{line}");
        let (_, line) = rendered(&["solve", "--heuristic", &long, "1 2 3 4 5 6 7 8 0"]);
        assert!(line.len() < 300, "{} bytes", line.len());
    }

    proptest::proptest! {
        #[test]
        fn any_message_shortens_without_panic(text in "['a-z: ]{0,200}") {
            let short = shorten_quotes(&text);
            proptest::prop_assert!(short.chars().count() <= text.chars().count() + 40);
        }
    }

    #[test]
    fn quotes_are_cut_and_the_rest_kept() {
        let long = "x".repeat(500);
        let text = format!("error: invalid value '{long}' for '--seed <S>': number too large");
        let short = shorten_quotes(&text);
        assert!(short.starts_with("error: invalid value 'xxx"), "{short}");
        assert!(
            short.ends_with("… (500 characters)' for '--seed <S>': number too large"),
            "{short}"
        );
        assert_eq!(shorten_quotes("no quotes"), "no quotes");
        assert_eq!(shorten_quotes("it's 'short'"), "it's 'short'");
    }
}
