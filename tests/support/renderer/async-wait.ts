import { configure } from '@testing-library/dom'

/**
 * Testing Library gives findBy/waitFor one second by default: on a shared two-core machine a lazily
 * loaded dialog can take longer to appear than that, and the test fails on time, not behaviour.
 * A wait that never succeeds still fails, with the page's DOM in the error, only later.
 */
configure({ asyncUtilTimeout: 10_000 })
