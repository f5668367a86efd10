//! A body's `USELIST_BLOCK` (`parseUseLists`): the order of each value's uses as the writer
//! had it. Only a block's order shows in what `llvm-dis` prints (a block's `; preds =` list
//! follows its use-list), so `USELIST_CODE_BB` records are applied and `USELIST_CODE_DEFAULT`
//! records only checked.
//!
//! LLVM sorts a block's uses only when their number is the record's: the uses of LLVM's block
//! are the terminators' and, when there is one, the `blockaddress` constant's, made when the
//! constant was ([`FnReader::block_address_use`]).

use llrs_ir::constants::Const;
use llrs_ir::function::{BlockId, Use};
use llrs_ir::value::Value;

use super::FnReader;
use crate::bitstream::Cursor;
use crate::Error;

impl FnReader<'_, '_> {
    /// Reads the use-list block of the body, keeping the blocks' orders for its end.
    pub(super) fn read_use_lists(&mut self, cur: &mut Cursor<'_>) -> Result<(), Error> {
        let orders = &mut self.block_orders;
        crate::reader::read_use_lists(cur, self.t.info, |rec| orders.push(rec))
    }

    /// The `USELIST_CODE_BB` records read, applied once the body's forward references are
    /// resolved (before its edge blocks are wired in, as LLVM applies them).
    pub(super) fn sort_blocks_uses(&mut self) {
        for rec in std::mem::take(&mut self.block_orders) {
            if let Some((&id, order)) = rec.split_last() {
                self.sort_block_uses(id, order);
            }
        }
    }

    /// `USELIST_CODE_BB` `[new positions..., block]`: the block's uses sorted by the positions
    /// given to them in LLVM's order (most recent first), when there are as many.
    fn sort_block_uses(&mut self, id: u64, order: &[u64]) {
        let Some(&b) = usize::try_from(id).ok().and_then(|i| self.blocks.get(i)) else { return };
        let uses: Vec<Use> = self.body.uses(Value::Block(b)).into_iter().filter(|u| !u.phi_block).collect();
        let ba_at = self.block_address_use(b, &uses);
        if uses.len() + usize::from(ba_at.is_some()) != order.len() {
            return;
        }
        // LLVM's list, most recent first: our uses by index, `None` for the constant's.
        let mut llvm: Vec<Option<usize>> = (0..uses.len()).map(Some).collect();
        if let Some(k) = ba_at {
            llvm.insert(k, None);
        }
        llvm.reverse();
        let mut keyed: Vec<(u64, Option<usize>)> = order.iter().copied().zip(llvm).collect();
        keyed.sort_by_key(|&(to, _)| to);
        // Each of our uses' place in the sorted list, the constant's left out.
        let mut place = vec![0u32; uses.len()];
        for (p, u) in keyed.iter().filter_map(|&(_, u)| u).enumerate() {
            place[u] = p as u32;
        }
        let ours: Vec<u32> = (0..uses.len()).rev().map(|u| place[u]).collect();
        // Fewer than two uses of our own: nothing to reorder.
        let _ = self.body.sort_use_list(Value::Block(b), &ours);
    }

    /// Where the use of block `b` by its `blockaddress` constant stands among the block's
    /// other uses (`uses`, oldest first): how many of them are older; `None` when there is no
    /// such constant. A constant made before the body was read is older than all of them.
    fn block_address_use(&self, b: BlockId, uses: &[Use]) -> Option<usize> {
        let ctx = &self.m.ctx;
        let pty = ctx.find_ptr_ty(self.m.globals[self.g].addrspace)?;
        let c = ctx.find_const(&Const::BlockAddress(pty, self.g, b))?;
        let made = c.0 as usize;
        if made < self.const_mark {
            return Some(0);
        }
        // The constants there were when each use's terminator was placed.
        let older = uses
            .iter()
            .filter(|u| {
                let at = self.term_consts.partition_point(|&(x, _)| x < u.user);
                self.term_consts.get(at).is_some_and(|&(x, n)| x == u.user && n as usize <= made)
            })
            .count();
        Some(older)
    }
}
