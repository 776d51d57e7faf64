//! The CLI's usage is written from the registry: each puzzle's generator flags are the ones its
//! registry entry declares (levels, givens), with no puzzle named in the CLI's code.

use solvescope::puzzles::REGISTRY;
use std::process::Command;

#[test]
fn usage_lists_each_generators_declared_levels_and_givens() {
    let out = Command::new(env!("CARGO_BIN_EXE_solvescope"))
        .output()
        .expect("the CLI runs");
    let usage =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    for p in REGISTRY {
        let line = usage.lines().find(|l| {
            l.trim_start()
                .starts_with(&format!("solvescope {} generate", p.name))
        });
        if !p.helpers.generate {
            assert!(
                line.is_none(),
                "{}: a generate line without a generator",
                p.name
            );
            continue;
        }
        let line = line.unwrap_or_else(|| panic!("{}: no generate line in\n{usage}", p.name));
        if !p.helpers.generate_levels.is_empty() {
            let levels = p.helpers.generate_levels.join("|");
            assert!(
                line.contains(&format!("--difficulty {levels}")),
                "{}: {line}",
                p.name
            );
        } else {
            assert!(!line.contains("--difficulty"), "{}: {line}", p.name);
        }
        assert_eq!(
            line.contains("--givens"),
            p.helpers.generate_givens,
            "{}: {line}",
            p.name
        );
    }
}
