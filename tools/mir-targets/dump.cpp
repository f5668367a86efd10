// Dump the target tables Machine IR needs, from LLVM's own target descriptions.
//
// Usage: dump TRIPLE [CPU [FEATURES]]
//
// Initialises every registered target, creates the MC-level descriptions (MCInstrInfo,
// MCRegisterInfo, MCSubtargetInfo) and a TargetMachine with the subtarget of a dummy function,
// and prints, as line-oriented text on stdout, what the MIR parser and printer look up:
// opcodes with their MCInstrDesc, registers with their subregisters, register classes,
// subregister indices, register banks, register masks, target flags and target indices.
// Names are printed exactly as the target spells them (tools/mir-targets/generate lowercases
// what MIParser lowercases). Each line is `KIND<TAB>FIELD<TAB>...`; lists are space-separated.
// Part of llrs (tools/mir-targets); built and run by tools/mir-targets/generate.

#include "llvm/CodeGen/RegisterBank.h"
#include "llvm/CodeGen/RegisterBankInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <memory>
#include <optional>

using namespace llvm;

namespace {

void fail(const Twine &Msg) {
  errs() << "dump: " << Msg << "\n";
  exit(1);
}

/// Reads TargetRegisterInfo's protected per-class table (sizes in bits).
struct PeekRegClassInfo : TargetRegisterInfo {
  static const RegClassInfo &get(const TargetRegisterInfo &TRI,
                                 const TargetRegisterClass &RC) {
    return (TRI.*(&PeekRegClassInfo::getRegClassInfo))(RC);
  }
};

/// Reads the subtarget's table of register classes by hardware mode (protected members).
struct PeekHwModeTable : TargetInstrInfo {
  static ArrayRef<int16_t> get(const TargetInstrInfo &TII) {
    int16_t N = TII.*(&PeekHwModeTable::NumRegClassByHwModes);
    const int16_t *T = TII.*(&PeekHwModeTable::RegClassByHwMode);
    if (N <= 0 || !T)
      return {};
    return ArrayRef<int16_t>(T, size_t(N));
  }
};

/// One `mode` line: what of the tables depends on the subtarget's hardware mode. The
/// register classes of LookupRegClassByHwMode operands; per register class its register
/// size, spill size and spill alignment in bits; per subregister index its size and offset.
void dumpMode(raw_ostream &OS, StringRef Triple, StringRef CPU,
              const TargetSubtargetInfo &STI) {
  const TargetInstrInfo &TII = *STI.getInstrInfo();
  const TargetRegisterInfo &TRI = *STI.getRegisterInfo();
  OS << "mode\t" << Triple << "\t" << CPU << "\t";
  for (int16_t RC : PeekHwModeTable::get(TII))
    OS << RC << " ";
  OS << "\t";
  for (const TargetRegisterClass *RC : TRI.regclasses()) {
    const TargetRegisterInfo::RegClassInfo &Info = PeekRegClassInfo::get(TRI, *RC);
    OS << Info.RegSize << "," << Info.SpillSize << "," << Info.SpillAlignment << " ";
  }
  OS << "\t";
  for (unsigned I = 1, E = TRI.getNumSubRegIndices(); I < E; ++I)
    OS << TRI.getSubRegIdxSize(I) << "," << TRI.getSubRegIdxOffset(I) << " ";
  OS << "\n";
}

void dumpOpcodes(raw_ostream &OS, const TargetInstrInfo &TII) {
  OS << "opcodes\t" << TII.getNumOpcodes() << "\n";
  for (unsigned I = 0, E = TII.getNumOpcodes(); I < E; ++I) {
    const MCInstrDesc &D = TII.get(I);
    // op NAME NUMDEFS NUMOPERANDS SIZE FLAGS TSFLAGS
    OS << "op\t" << TII.getName(I) << "\t" << unsigned(D.getNumDefs()) << "\t"
       << D.getNumOperands() << "\t" << D.getSize() << "\t";
    OS.write_hex(D.Flags);
    OS << "\t";
    OS.write_hex(D.TSFlags);
    OS << "\n";
    OS << "idefs\t";
    for (MCPhysReg R : D.implicit_defs())
      OS << R << " ";
    OS << "\niuses\t";
    for (MCPhysReg R : D.implicit_uses())
      OS << R << " ";
    OS << "\n";
    // Per operand: CLASS,TYPE,FLAGS,TIED,EC with CLASS MCOperandInfo::RegClass as stored
    // (a register class id, -1 for none, or with the LookupRegClassByHwMode flag an index
    // into the mode's table, see `mode` lines), TIED the operand it is tied to (-1).
    OS << "opnds\t";
    ArrayRef<MCOperandInfo> Ops = D.operands();
    for (unsigned J = 0; J < Ops.size(); ++J) {
      const MCOperandInfo &O = Ops[J];
      int Tied = D.getOperandConstraint(J, MCOI::TIED_TO);
      bool EC = D.getOperandConstraint(J, MCOI::EARLY_CLOBBER) != -1;
      OS << O.RegClass << "," << unsigned(O.OperandType) << "," << unsigned(O.Flags) << ","
         << Tied << "," << (EC ? 1 : 0) << " ";
    }
    OS << "\n";
  }
}


void dumpRegisters(raw_ostream &OS, const TargetRegisterInfo &TRI) {
  OS << "subregidxs\t" << TRI.getNumSubRegIndices() << "\n";
  for (unsigned I = 1, E = TRI.getNumSubRegIndices(); I < E; ++I)
    OS << "sri\t" << TRI.getSubRegIndexName(I) << "\n";
  OS << "regs\t" << TRI.getNumRegs() << "\n";
  for (unsigned I = 0, E = TRI.getNumRegs(); I < E; ++I) {
    OS << "reg\t" << TRI.getName(I) << "\t";
    if (I != 0)
      for (MCSubRegIndexIterator It(MCRegister(I), &TRI); It.isValid(); ++It)
        OS << It.getSubRegIndex() << ":" << It.getSubReg().id() << " ";
    OS << "\n";
  }
  OS << "classes\t" << TRI.getNumRegClasses() << "\n";
  for (const TargetRegisterClass *RC : TRI.regclasses()) {
    // rc NAME ALLOCATABLE MEMBERS... (sizes are per mode)
    OS << "rc\t" << TRI.getRegClassName(RC) << "\t" << (RC->isAllocatable() ? 1 : 0) << "\t";
    for (MCPhysReg R : *RC)
      OS << R << " ";
    OS << "\n";
  }
  ArrayRef<const uint32_t *> Masks = TRI.getRegMasks();
  ArrayRef<const char *> MaskNames = TRI.getRegMaskNames();
  if (Masks.size() != MaskNames.size())
    fail("register masks and their names differ in number");
  unsigned Words = (TRI.getNumRegs() + 31) / 32;
  OS << "regmasks\t" << Masks.size() << "\t" << Words << "\n";
  for (size_t I = 0; I < Masks.size(); ++I) {
    OS << "mask\t" << MaskNames[I] << "\t";
    for (unsigned W = 0; W < Words; ++W) {
      OS.write_hex(Masks[I][W]);
      OS << " ";
    }
    OS << "\n";
  }
}

void dumpBanks(raw_ostream &OS, const TargetSubtargetInfo &STI) {
  const RegisterBankInfo *RBI = STI.getRegBankInfo();
  unsigned N = RBI ? RBI->getNumRegBanks() : 0;
  OS << "banks\t" << N << "\n";
  for (unsigned I = 0; I < N; ++I)
    OS << "bank\t" << RBI->getRegBank(I).getName() << "\n";
}

void dumpFlags(raw_ostream &OS, const TargetInstrInfo &TII) {
  for (const auto &[V, N] : TII.getSerializableDirectMachineOperandTargetFlags())
    OS << "tfdirect\t" << V << "\t" << N << "\n";
  for (const auto &[V, N] : TII.getSerializableBitmaskMachineOperandTargetFlags())
    OS << "tfbitmask\t" << V << "\t" << N << "\n";
  for (const auto &[V, N] : TII.getSerializableMachineMemOperandTargetFlags())
    OS << "tfmmo\t" << unsigned(V) << "\t" << N << "\n";
  for (const auto &[V, N] : TII.getSerializableTargetIndices())
    OS << "tindex\t" << V << "\t" << N << "\n";
  // How decomposeMachineOperandsTargetFlags splits a flag word: the union of the direct and
  // bitmask parts of each single bit, and whether the split of every 12-bit word (the width
  // of MachineOperand::TargetFlags) is the plain masking by those two unions.
  unsigned DirectMask = 0, BitmaskMask = 0;
  for (unsigned B = 0; B < 12; ++B) {
    auto [D, M] = TII.decomposeMachineOperandsTargetFlags(1u << B);
    DirectMask |= D;
    BitmaskMask |= M;
  }
  bool Linear = true;
  for (unsigned TF = 0; TF < 4096 && Linear; ++TF) {
    auto [D, M] = TII.decomposeMachineOperandsTargetFlags(TF);
    Linear = D == (TF & DirectMask) && M == (TF & BitmaskMask);
  }
  OS << "tfsplit\t" << DirectMask << "\t" << BitmaskMask << "\t" << (Linear ? 1 : 0)
     << "\n";
}

/// A target machine and the subtarget of a dummy function, kept alive together.
struct Machine {
  std::unique_ptr<TargetMachine> TM;
  LLVMContext Ctx;
  std::unique_ptr<Module> M;
  const TargetSubtargetInfo *STI = nullptr;

  Machine(const Target &T, const Triple &TT, StringRef CPU) {
    TargetOptions Options;
    TM.reset(T.createTargetMachine(TT, CPU, "", Options, std::nullopt));
    if (!TM)
      fail("no target machine for " + TT.str());
    M = std::make_unique<Module>("dump", Ctx);
    M->setTargetTriple(TT);
    M->setDataLayout(TM->createDataLayout());
    Function *F = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                                   GlobalValue::ExternalLinkage, "f", *M);
    STI = TM->getSubtargetImpl(*F);
    if (!STI || !STI->getInstrInfo() || !STI->getRegisterInfo())
      fail("no subtarget for " + TT.str());
  }
};

/// Everything but the per-mode tables.
void dumpStatic(raw_ostream &OS, const TargetSubtargetInfo &STI) {
  dumpOpcodes(OS, *STI.getInstrInfo());
  dumpRegisters(OS, *STI.getRegisterInfo());
  dumpBanks(OS, STI);
  dumpFlags(OS, *STI.getInstrInfo());
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2)
    fail("usage: dump TRIPLE [OTHER-TRIPLE...]");
  InitializeAllTargetInfos();
  InitializeAllTargets();
  InitializeAllTargetMCs();

  Triple TT(argv[1]);
  std::string Error;
  const Target *T = TargetRegistry::lookupTarget(TT, Error);
  if (!T)
    fail(Error);

  // The MC-level descriptions, as the assembler would create them: the CodeGen ones below
  // must agree with them.
  std::unique_ptr<MCInstrInfo> MII(T->createMCInstrInfo());
  std::unique_ptr<MCRegisterInfo> MRI(T->createMCRegInfo(TT));
  std::unique_ptr<MCSubtargetInfo> MSTI(T->createMCSubtargetInfo(TT, "", ""));
  if (!MII || !MRI || !MSTI)
    fail("no MC descriptions");

  Machine Main(*T, TT, "");
  const TargetInstrInfo &TII = *Main.STI->getInstrInfo();
  const TargetRegisterInfo &TRI = *Main.STI->getRegisterInfo();
  if (TII.getNumOpcodes() != MII->getNumOpcodes())
    fail("MC and CodeGen opcode tables differ");
  if (TRI.getNumRegs() != MRI->getNumRegs())
    errs() << "dump: note: " << TT.str() << ": MCRegisterInfo has " << MRI->getNumRegs()
           << " registers, the subtarget's TargetRegisterInfo " << TRI.getNumRegs()
           << " (the latter is dumped)\n";

  raw_ostream &OS = outs();
  OS << "target\t" << T->getName() << "\t" << TT.str() << "\n";
  std::string Static;
  raw_string_ostream SOS(Static);
  dumpStatic(SOS, *Main.STI);
  OS << Static;

  // The hardware modes: per triple (the first and the others given, which must be of the
  // same target and agree on everything else), the generic CPU and every named processor.
  for (int A = 1; A < argc; ++A) {
    Triple Other(argv[A]);
    const Target *OT = TargetRegistry::lookupTarget(Other, Error);
    if (!OT)
      fail(Error);
    std::unique_ptr<MCSubtargetInfo> OSTI(OT->createMCSubtargetInfo(Other, "", ""));
    if (!OSTI)
      fail("no MC subtarget for " + Other.str());
    std::vector<std::string> CPUs{""};
    unsigned Skipped = 0;
    for (const SubtargetSubTypeKV &P : OSTI->getAllProcessorDescriptions())
      CPUs.push_back(P.Key);
    for (const std::string &CPU : CPUs) {
      if (CPU.empty()) {
        Machine Mc(*OT, Other, CPU);
        if (A > 1) {
          std::string S;
          raw_string_ostream OOS(S);
          dumpStatic(OOS, *Mc.STI);
          if (S != Static)
            fail(Other.str() + " differs from " + TT.str() + " beyond the mode tables");
        }
        dumpMode(OS, Other.str(), CPU, *Mc.STI);
        continue;
      }
      // A named processor may not support the triple (LLVM then stops with a fatal
      // error): each is tried in a child process, and skipped if that fails.
      OS.flush();
      pid_t Pid = fork();
      if (Pid < 0)
        fail("fork failed");
      if (Pid == 0) {
        int Null = open("/dev/null", O_WRONLY);
        if (Null >= 0)
          dup2(Null, 2);
        Machine Mc(*OT, Other, CPU);
        dumpMode(OS, Other.str(), CPU, *Mc.STI);
        OS.flush();
        _exit(0);
      }
      int Status = 0;
      waitpid(Pid, &Status, 0);
      if (!WIFEXITED(Status) || WEXITSTATUS(Status) != 0)
        ++Skipped;
    }
    if (Skipped)
      errs() << "dump: note: " << Other.str() << ": " << Skipped << " of " << CPUs.size()
             << " CPUs not supported, skipped\n";
  }
  OS << "end\n";
  return 0;
}
