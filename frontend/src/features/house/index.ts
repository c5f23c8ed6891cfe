export { HouseBooksView } from "./components/house-books-view";
