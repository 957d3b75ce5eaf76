// Routing for plugins comes through the SDK: the SDK is a federation singleton, so plugins use
// the host's router (its context) without sharing the whole react-router package — which
// lets the host's build keep only the parts of react-router that are used.
export { Link, NavLink, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
