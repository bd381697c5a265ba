//! How long to wait between polls: quick at first, then slower, never slower than a cap.

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Backoff {
    pub initial_ms: u32,
    pub factor: f64,
    pub max_ms: u32,
}

impl Backoff {
    /// Provisioning and restarts take seconds to minutes: start at 2 s, settle at 30 s.
    pub const STATUS: Backoff = Backoff { initial_ms: 2_000, factor: 1.5, max_ms: 30_000 };

    /// Watching something that never settles (a cluster's health while its page is open):
    /// one reading every 5 s.
    pub const STEADY: Backoff = Backoff { initial_ms: 5_000, factor: 1.0, max_ms: 5_000 };

    /// The wait before poll number `attempt` (0-based).
    pub fn delay_ms(&self, attempt: u32) -> u32 {
        let grown = self.initial_ms as f64 * self.factor.powi(attempt.min(64) as i32);
        grown.min(self.max_ms as f64) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grows_then_caps() {
        let b = Backoff::STATUS;
        assert_eq!(b.delay_ms(0), 2_000);
        assert_eq!(b.delay_ms(1), 3_000);
        assert_eq!(b.delay_ms(2), 4_500);
        assert_eq!(b.delay_ms(20), 30_000);
        assert_eq!(b.delay_ms(u32::MAX), 30_000);
    }

    #[test]
    fn never_shrinks() {
        let b = Backoff::STATUS;
        let delays: Vec<u32> = (0..30).map(|a| b.delay_ms(a)).collect();
        assert!(delays.windows(2).all(|w| w[0] <= w[1]));
    }
}
