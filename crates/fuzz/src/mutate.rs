//! The mutator: a stack of byte and token edits of one corpus entry, sometimes spliced with
//! another.

use crate::Rng;

/// Inputs are kept below this many bytes (a few times any real input).
pub const MAX_LEN: usize = 4096;

/// Numbers at the edges of the types the parsers read into.
const NUMBERS: [&str; 16] = [
    "0",
    "1",
    "2",
    "7",
    "8",
    "9",
    "16",
    "17",
    "255",
    "256",
    "-1",
    "65535",
    "4294967295",
    "4294967296",
    "18446744073709551616",
    "00",
];

/// Bytes that mean something to some parser.
const SPECIAL: &[u8] = b" ,/;:=&%+*#<>-_.\"'[]{}\\\n\r\t\0ABabSN0123456789acq";

/// A mutation of one entry of `corpus` (which is not empty).
pub fn mutate(rng: &mut Rng, corpus: &[Vec<u8>], dictionary: &[&str]) -> Vec<u8> {
    let mut data = corpus[rng.below(corpus.len())].clone();
    let edits = 1 + rng.below(4);
    for _ in 0..edits {
        edit(rng, &mut data, corpus, dictionary);
    }
    data.truncate(MAX_LEN);
    data
}

fn edit(rng: &mut Rng, data: &mut Vec<u8>, corpus: &[Vec<u8>], dictionary: &[&str]) {
    let len = data.len();
    let at = |rng: &mut Rng| rng.below(len + 1);
    match rng.below(13) {
        // Flip a bit.
        0 if len > 0 => {
            let i = rng.below(len);
            data[i] ^= 1 << rng.below(8);
        }
        // Replace a byte by a special or any byte.
        1 if len > 0 => {
            let i = rng.below(len);
            data[i] = byte(rng);
        }
        // Insert a byte.
        2 => {
            let i = at(rng);
            let b = byte(rng);
            data.insert(i, b);
        }
        // Delete a range.
        3 if len > 0 => {
            let i = rng.below(len);
            let n = 1 + rng.below((len - i).min(8));
            data.drain(i..i + n);
        }
        // Duplicate a range in place.
        4 if len > 0 => {
            let i = rng.below(len);
            let n = 1 + rng.below((len - i).min(16));
            let chunk: Vec<u8> = data[i..i + n].to_vec();
            let j = at(rng);
            data.splice(j..j, chunk);
        }
        // Insert a word of the grammar.
        5 | 6 if !dictionary.is_empty() => {
            let w = dictionary[rng.below(dictionary.len())].as_bytes();
            let i = at(rng);
            data.splice(i..i, w.iter().copied());
        }
        // Overwrite from a word of the grammar.
        7 if !dictionary.is_empty() && len > 0 => {
            let w = dictionary[rng.below(dictionary.len())].as_bytes();
            let i = rng.below(len);
            let end = (i + w.len()).min(len);
            data.splice(i..end, w.iter().copied());
        }
        // Replace a run of digits by a number at some edge.
        8 => {
            let n = NUMBERS[rng.below(NUMBERS.len())].as_bytes();
            match digit_run(data, rng) {
                Some((i, j)) => {
                    data.splice(i..j, n.iter().copied());
                }
                None => {
                    let i = at(rng);
                    data.splice(i..i, n.iter().copied());
                }
            }
        }
        // Splice with another entry: this one's head, the other's tail.
        9 => {
            let other = &corpus[rng.below(corpus.len())];
            let i = at(rng);
            let j = rng.below(other.len() + 1);
            data.truncate(i);
            data.extend_from_slice(&other[j..]);
        }
        // Truncate.
        10 if len > 0 => data.truncate(rng.below(len)),
        // Repeat a chunk many times (lengths and counts past their limits).
        11 if len > 0 => {
            let i = rng.below(len);
            let n = 1 + rng.below((len - i).min(8));
            let chunk: Vec<u8> = data[i..i + n].to_vec();
            let times = 2 + rng.below(64);
            let j = at(rng);
            let rep: Vec<u8> = chunk.iter().copied().cycle().take(n * times).collect();
            data.splice(j..j, rep);
        }
        // Swap two bytes.
        12 if len > 1 => {
            let (i, j) = (rng.below(len), rng.below(len));
            data.swap(i, j);
        }
        _ => {
            let b = byte(rng);
            data.push(b);
        }
    }
}

/// A byte, usually one that means something to a parser, sometimes any, sometimes the start
/// of a multi-byte character.
fn byte(rng: &mut Rng) -> u8 {
    match rng.below(8) {
        0 => rng.below(256) as u8,
        1 => [0xc3, 0xd0, 0xe2, 0xf0, 0x80, 0xff][rng.below(6)],
        _ => SPECIAL[rng.below(SPECIAL.len())],
    }
}

/// A run of ASCII digits in `data`, chosen at random.
fn digit_run(data: &[u8], rng: &mut Rng) -> Option<(usize, usize)> {
    let starts: Vec<usize> = (0..data.len())
        .filter(|&i| data[i].is_ascii_digit() && (i == 0 || !data[i - 1].is_ascii_digit()))
        .collect();
    if starts.is_empty() {
        return None;
    }
    let i = starts[rng.below(starts.len())];
    let j = i + data[i..].iter().take_while(|b| b.is_ascii_digit()).count();
    Some((i, j))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutations_stay_bounded_and_vary() {
        let corpus = vec![b"1,2/3,4/5,6/7,8 S".to_vec(), Vec::new()];
        let mut rng = Rng::new(1);
        let mut distinct = std::collections::HashSet::new();
        for _ in 0..2000 {
            let m = mutate(&mut rng, &corpus, &["A6<", "S"]);
            assert!(m.len() <= MAX_LEN);
            distinct.insert(m);
        }
        assert!(distinct.len() > 1000, "{}", distinct.len());
    }
}
