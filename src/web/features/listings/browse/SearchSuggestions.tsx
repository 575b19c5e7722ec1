import { paths } from '@shared/paths';
import { searchPath } from '@shared/search';
import { useGames } from '@web/features/games/api';
import { Link } from 'react-router';

const POPULAR_GAMES = 4;
const chip =
  'inline-flex rounded-full border border-line bg-surface-2 px-3.5 py-1.5 text-sm font-medium text-fg transition-colors hover:border-accent/60 hover:text-accent';

function Suggestions({ title, links }: { title: string; links: { label: string; to: string }[] }) {
  if (links.length === 0) return null;
  return (
    <div className="flex flex-col items-center gap-2">
      <h3 className="text-xs font-semibold tracking-wider text-subtle uppercase">{title}</h3>
      <ul aria-label={title} className="flex flex-wrap justify-center gap-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={chip}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What a search without results offers instead: known words close to its words, and the busiest games. */
export function SearchSuggestions({ similar }: { similar: readonly string[] }) {
  const games = useGames();
  const popular = [...(games.data ?? [])]
    .filter((game) => game.activeListings > 0)
    .sort((a, b) => b.activeListings - a.activeListings)
    .slice(0, POPULAR_GAMES);
  return (
    <>
      <Suggestions
        title="Termos parecidos"
        links={similar.map((word) => ({ label: word, to: searchPath(word) ?? paths.marketplace }))}
      />
      <Suggestions
        title="Jogos populares"
        links={popular.map((game) => ({ label: game.name, to: paths.category(game.slug) }))}
      />
    </>
  );
}
