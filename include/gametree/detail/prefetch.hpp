#pragma once
// detail::prefetch: asks the processor to start loading the cache line of an address that will
// be read soon, so that the wait for memory overlaps other work (a tree's next node, a table's
// bucket, a node's children). A hint only: it never faults, and it is a no-op where the
// compiler has no such builtin.

namespace gametree::detail {

template <class T>
inline void prefetch(const T* p) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(p);
#else
  (void)p;
#endif
}

}  // namespace gametree::detail
