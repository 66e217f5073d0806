use slide::difficulty::rating;
use slide::puzzle::*;
use slide::solver::*;
fn main() {
    let s = Solver::new(TableCache::disabled());
    let mut t = std::collections::BTreeMap::<u32, [u32; 4]>::new();
    for f in std::env::args().skip(1) {
        for l in std::fs::read_to_string(&f).unwrap().lines() {
            let v: Vec<&str> = l.split('\t').collect();
            if v.len() < 3 || v[0] != "random" {
                continue;
            }
            let Ok(len) = v[1].parse::<u32>() else { continue };
            let Ok(b) = v[2].parse::<Board>() else { continue };
            let r = rating(&s, &b).0;
            let e = t.entry(r).or_default();
            e[0] += 1;
            if len < 47 {
                e[1] += 1
            } else if len <= 56 {
                e[2] += 1
            } else {
                e[3] += 1
            }
        }
    }
    for (r, e) in t {
        println!("{r}\tn {}\t<47 {}\tin {}\t>56 {}", e[0], e[1], e[2], e[3]);
    }
}
