/*
 * ACPI C-states for the QEMU guest (scripts/vm-run --cpuidle): an SSDT
 * that gives each of QEMU's Processor objects (\_SB.CPUS.C000, ...) a
 * _CST, so that the kernel's acpi_idle registers cpuidle states, and
 * cpuN/cpuidle/stateN/disable exist: POLL (state0, the kernel's own),
 * C1 (state1) and C2 (state2).  QEMU's tables have no _CST and no
 * P_BLK: without this, no cpuidle driver and no states.
 *
 * Both are C1-type FFH entries: without MWAIT (TCG) acpi_idle enters
 * them with HLT, which under single-threaded TCG hands the host thread
 * to the other vCPUs.  A real C2 (a SystemIO read of P_LVL2, 0x614)
 * returns at once, and the guest then spins in its idle loop: the
 * fault tests ran half as slow again with it.
 *
 * vm-run repeats each "//@" line once per guest CPU, with @CPU@
 * replaced by its object's name (C000, C001, ... in hex), and compiles
 * the result with iasl (acpica-tools).
 */
DefinitionBlock ("", "SSDT", 2, "RTLA", "VMCST", 1)
{
//@	External (\_SB.CPUS.@CPU@, ProcessorObj)

	/* count, then per state: register, type, latency (us), power (mW) */
	Name (\_SB.CSTP, Package () {
		2,
		Package () {
			ResourceTemplate () { Register (FFixedHW, 0, 0, 0) },
			1, 1, 1000
		},
		Package () {
			ResourceTemplate () { Register (FFixedHW, 0, 0, 0) },
			1, 20, 500
		}
	})

//@	Scope (\_SB.CPUS.@CPU@) { Method (_CST, 0) { Return (\_SB.CSTP) } }
}
