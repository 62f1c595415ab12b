//! Deterministic ECDSA on P-256 (RFC 6979 nonces, low S) over OpenSSL's big numbers and curve arithmetic.
//! OpenSSL 3.0 (Debian bookworm) signs with random nonces only; deriving the nonce as RFC 6979 does makes
//! the same key and body give the same stamp, byte for byte what `@sigil/api-key-stamper` computes.

use openssl::bn::{BigNum, BigNumContext};
use openssl::ec::{EcGroup, EcPoint, PointConversionForm};
use openssl::ecdsa::EcdsaSig;
use openssl::error::ErrorStack;
use openssl::hash::{hash, MessageDigest};
use openssl::nid::Nid;
use openssl::pkey::PKey;
use openssl::sign::Signer;

pub(crate) struct P256 {
    group: EcGroup,
    order: BigNum,
}

impl P256 {
    pub(crate) fn new() -> Result<Self, ErrorStack> {
        let group = EcGroup::from_curve_name(Nid::X9_62_PRIME256V1)?;
        let mut order = BigNum::new()?;
        let mut ctx = BigNumContext::new()?;
        group.order(&mut order, &mut ctx)?;
        Ok(Self { group, order })
    }

    /// Whether 32 big-endian bytes are a private key: 0 < d < n.
    pub(crate) fn is_valid_private_key(&self, private_key: &[u8]) -> Result<bool, ErrorStack> {
        let d = BigNum::from_slice(private_key)?;
        Ok(private_key.len() == 32 && d.num_bits() > 0 && d < self.order)
    }

    /// The compressed public point (33 bytes) of a valid private key.
    pub(crate) fn public_key(&self, private_key: &[u8]) -> Result<Vec<u8>, ErrorStack> {
        let mut ctx = BigNumContext::new()?;
        let d = BigNum::from_slice(private_key)?;
        let mut point = EcPoint::new(&self.group)?;
        point.mul_generator(&self.group, &d, &ctx)?;
        point.to_bytes(&self.group, PointConversionForm::COMPRESSED, &mut ctx)
    }

    /// A DER signature over SHA-256 of `message`, deterministic and with S in the lower half of the order.
    pub(crate) fn sign(&self, private_key: &[u8], message: &[u8]) -> Result<Vec<u8>, ErrorStack> {
        let mut ctx = BigNumContext::new()?;
        let digest = hash(MessageDigest::sha256(), message)?;
        let d = BigNum::from_slice(private_key)?;
        // P-256's order and SHA-256 are both 256 bits, so bits2int is the plain big-endian value.
        let mut z = BigNum::new()?;
        let digest_number = BigNum::from_slice(&digest)?;
        z.nnmod(&digest_number, &self.order, &mut ctx)?;
        let x = left_pad(&d.to_vec());
        let h = left_pad(&z.to_vec());

        // RFC 6979 section 3.2, steps b to h.
        let mut v = [0x01u8; 32];
        let mut k = [0x00u8; 32];
        k = hmac(&k, &[&v, &[0x00], &x, &h])?;
        v = hmac(&k, &[&v])?;
        k = hmac(&k, &[&v, &[0x01], &x, &h])?;
        v = hmac(&k, &[&v])?;
        loop {
            v = hmac(&k, &[&v])?;
            let candidate = BigNum::from_slice(&v)?;
            if candidate.num_bits() > 0 && candidate < self.order {
                if let Some(signature) = self.sign_with_nonce(&d, &z, &candidate, &mut ctx)? {
                    return signature.to_der();
                }
            }
            k = hmac(&k, &[&v, &[0x00]])?;
            v = hmac(&k, &[&v])?;
        }
    }

    fn sign_with_nonce(&self, d: &BigNum, z: &BigNum, nonce: &BigNum, ctx: &mut BigNumContext) -> Result<Option<EcdsaSig>, ErrorStack> {
        let mut point = EcPoint::new(&self.group)?;
        point.mul_generator(&self.group, nonce, ctx)?;
        let (mut px, mut py) = (BigNum::new()?, BigNum::new()?);
        point.affine_coordinates_gfp(&self.group, &mut px, &mut py, ctx)?;
        let mut r = BigNum::new()?;
        r.nnmod(&px, &self.order, ctx)?;
        if r.num_bits() == 0 {
            return Ok(None);
        }
        // s = k⁻¹ (z + r·d) mod n
        let mut rd = BigNum::new()?;
        rd.mod_mul(&r, d, &self.order, ctx)?;
        let mut sum = BigNum::new()?;
        sum.mod_add(z, &rd, &self.order, ctx)?;
        let mut k_inverse = BigNum::new()?;
        k_inverse.mod_inverse(nonce, &self.order, ctx)?;
        let mut s = BigNum::new()?;
        s.mod_mul(&k_inverse, &sum, &self.order, ctx)?;
        if s.num_bits() == 0 {
            return Ok(None);
        }
        let mut half = BigNum::new()?;
        half.rshift1(&self.order)?;
        if s > half {
            let mut low = BigNum::new()?;
            low.checked_sub(&self.order, &s)?;
            s = low;
        }
        EcdsaSig::from_private_components(r, s).map(Some)
    }
}

fn left_pad(bytes: &[u8]) -> [u8; 32] {
    let mut out = [0u8; 32];
    out[32 - bytes.len()..].copy_from_slice(bytes);
    out
}

fn hmac(key: &[u8; 32], parts: &[&[u8]]) -> Result<[u8; 32], ErrorStack> {
    let key = PKey::hmac(key)?;
    let mut signer = Signer::new(MessageDigest::sha256(), &key)?;
    for part in parts {
        signer.update(part)?;
    }
    let mut out = [0u8; 32];
    out.copy_from_slice(&signer.sign_to_vec()?);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::{from_hex, to_hex};

    // RFC 6979 appendix A.2.5 (P-256, SHA-256, message "sample"), with S replaced by n - S when above n/2.
    #[test]
    fn reproduces_rfc_6979_p256_sha256_sample() {
        let curve = P256::new().unwrap();
        let key = from_hex("C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721").unwrap();
        let der = curve.sign(&key, b"sample").unwrap();
        let signature = EcdsaSig::from_der(&der).unwrap();
        assert_eq!(to_hex(&signature.r().to_vec()), "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716");
        // The RFC's S is F7CB1C94…, above n/2, so the low-S form is n - S.
        let rfc_s = BigNum::from_slice(&from_hex("F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8").unwrap()).unwrap();
        let mut expected = BigNum::new().unwrap();
        expected.checked_sub(&curve.order, &rfc_s).unwrap();
        assert_eq!(signature.s().to_vec(), expected.to_vec());
    }
}
