export { type Stats, StatTiles, StatTilesView, type StatTilesViewProps } from './StatTiles';
