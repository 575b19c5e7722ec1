import { paths } from '@shared/paths';
import { searchPath } from '@shared/search';
import { SearchField } from '@web/components/ui/search-field';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** The shell's search: goes to /marketplace?q={text} only when the text is not blank after trimming. */
export function SearchForm({ className }: { className?: string }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  // Only the marketplace's `q` is a shop search; a staff list's search box keeps its own words.
  const shopQuery = pathname === paths.marketplace ? (params.get('q') ?? '') : '';

  return (
    <SearchField
      // Shows the query of the page being viewed (e.g. after following a search).
      value={shopQuery}
      inputLabel="Buscar"
      placeholder="Buscar itens, contas, skins..."
      onSearch={(text) => {
        const path = searchPath(text);
        if (path) navigate(path);
      }}
      look="bar"
      className={className}
    />
  );
}
