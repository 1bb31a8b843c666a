#pragma once
// detail::huge_page_allocator: storage that starts on a cache line (64 bytes, or T's own
// alignment if larger), so that a bucket of a table or a run of sibling nodes never straddles
// more lines than it must. Storage of 2 MiB or more starts on a 2 MiB boundary and, on Linux,
// is marked for transparent huge pages (madvise MADV_HUGEPAGE): a table probe or a tree
// descent is a run of random accesses into a large block, and with 4 KiB pages nearly every
// one also misses the TLB, while each first touch of a page costs a page fault. Where the
// kernel has huge pages off, the advice is ignored and nothing else changes.

#include <algorithm>
#include <cstddef>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace gametree::detail {

template <class T>
struct huge_page_allocator {
  using value_type = T;
  static constexpr std::size_t huge_page = std::size_t{1} << 21;
  huge_page_allocator() = default;
  template <class U>
  explicit huge_page_allocator(const huge_page_allocator<U>&) noexcept {}
  [[nodiscard]] T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    void* p = ::operator new(bytes, alignment(bytes));
#if defined(__linux__)
    if (bytes >= huge_page) (void)::madvise(p, bytes, MADV_HUGEPAGE);
#endif
    return static_cast<T*>(p);
  }
  // The unsized form: clang++ before 19 leaves sized deallocation off unless asked.
  void deallocate(T* p, std::size_t n) noexcept { ::operator delete(p, alignment(n * sizeof(T))); }
  friend bool operator==(const huge_page_allocator&, const huge_page_allocator&) noexcept { return true; }

 private:
  static constexpr std::align_val_t alignment(std::size_t bytes) noexcept {
    return std::align_val_t{bytes >= huge_page ? huge_page : std::max<std::size_t>(64, alignof(T))};
  }
};

}  // namespace gametree::detail
