//! Game ids, seat secrets and their hashes.

use sha2::{Digest, Sha256};

const ALPHABET: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// Length of a public game id.
pub(crate) const GAME_ID_LEN: usize = 8;
/// Length of a seat secret or invite token: 22 base-62 characters carry 131 bits.
pub(crate) const SECRET_LEN: usize = 22;

/// `n` characters drawn uniformly from the base-62 alphabet by the operating system's generator
/// (rejection sampling keeps every character equally likely).
///
/// # Errors
/// The operating system's generator failed.
pub(crate) fn random_base62(n: usize) -> Result<String, getrandom::Error> {
    let mut out = String::with_capacity(n);
    let mut buf = [0u8; 64];
    while out.len() < n {
        getrandom::fill(&mut buf)?;
        for &b in &buf {
            // 248 = 4 * 62: bytes at or above it would favour the first characters.
            if b < 248 && out.len() < n {
                out.push(char::from(ALPHABET[usize::from(b % 62)]));
            }
        }
    }
    Ok(out)
}

/// Whether `s` has the form of a game id.
#[must_use]
pub(crate) fn is_game_id(s: &str) -> bool {
    s.len() == GAME_ID_LEN && s.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Whether `s` has the form of a secret or token.
#[must_use]
pub(crate) fn is_secret(s: &str) -> bool {
    s.len() == SECRET_LEN && s.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// The stored form of a secret: its SHA-256 in hexadecimal, so that a copy of the database
/// does not hand out seats.
#[must_use]
pub(crate) fn hash_secret(secret: &str) -> String {
    let digest = Sha256::digest(secret.as_bytes());
    let mut out = String::with_capacity(64);
    for b in digest {
        out.push(char::from(b"0123456789abcdef"[usize::from(b >> 4)]));
        out.push(char::from(b"0123456789abcdef"[usize::from(b & 15)]));
    }
    out
}

/// The invitation token of game `id` whose creator holds `creator_secret`: 22 base-62
/// characters of SHA-256 over a domain string, the id and the secret. Only the creator (who
/// proves the secret) can recompute it, so the store keeps the token's hash alone
/// ([`hash_secret`]) and the creator's page can still show the invitation after a restart or
/// on another instance.
#[must_use]
pub(crate) fn invite_token(id: &str, creator_secret: &str) -> String {
    let mut h = Sha256::new();
    // Lengths keep the fields apart, so that no other id and secret give the same input.
    for part in [INVITE_DOMAIN, id, creator_secret] {
        h.update((part.len() as u64).to_be_bytes());
        h.update(part.as_bytes());
    }
    let digest = h.finalize();
    let mut first = [0u8; 16];
    first.copy_from_slice(&digest[..16]);
    // 128 bits written in base 62 take 22 characters (62^22 > 2^128), the form of a secret.
    let mut n = u128::from_be_bytes(first);
    let mut out = [b'0'; SECRET_LEN];
    for c in out.iter_mut().rev() {
        *c = ALPHABET[(n % 62) as usize];
        n /= 62;
    }
    out.iter().map(|&b| char::from(b)).collect()
}

/// What sets the invitation's hash apart from any other use of the creator's secret.
const INVITE_DOMAIN: &str = "mancala invitation v1";

/// Seconds since 1970, for stored times.
#[must_use]
pub(crate) fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_have_their_form_and_differ() {
        let a = random_base62(SECRET_LEN).unwrap();
        let b = random_base62(SECRET_LEN).unwrap();
        assert!(is_secret(&a) && is_secret(&b));
        assert_ne!(a, b);
        assert!(is_game_id(&random_base62(GAME_ID_LEN).unwrap()));
        assert!(!is_secret("short"));
        assert!(!is_game_id("abc/defg"));
    }

    #[test]
    fn invite_tokens_have_the_form_of_a_secret_and_depend_on_id_and_secret() {
        let t = invite_token("AAAAAAAA", "Qm3v9T0rX2LbK7pWcZ1aYd");
        assert!(is_secret(&t), "{t}");
        assert_eq!(t, invite_token("AAAAAAAA", "Qm3v9T0rX2LbK7pWcZ1aYd"));
        assert_ne!(t, invite_token("AAAAAAAB", "Qm3v9T0rX2LbK7pWcZ1aYd"));
        assert_ne!(t, invite_token("AAAAAAAA", "Qm3v9T0rX2LbK7pWcZ1aYe"));
        assert_ne!(hash_secret(&t), t);
    }

    #[test]
    fn hash_is_sha256_hex() {
        assert_eq!(
            hash_secret("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
